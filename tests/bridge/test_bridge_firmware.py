"""The firmware logic under CPython, with a fake port, ADC, pixels and clock."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from firmware_bridge import protocol as p
from firmware_bridge.bridge import Bridge, MuxReader, cap_current


class FakePort:
    """Host side of the wire: queue bytes for the bridge, decode what it wrote."""

    def __init__(self) -> None:
        self.inbox = bytearray()
        self.decoder = p.Decoder()
        self.received: list[p.Frame] = []
        self.seq = 0

    def read(self, size: int) -> bytes:
        data = bytes(self.inbox[:size])
        del self.inbox[:size]
        return data

    def write(self, data: bytes) -> None:
        self.received += self.decoder.feed(data)

    def send(self, kind: int, body: bytes = b"") -> None:
        self.inbox += p.encode_frame(kind, self.seq, body)
        self.seq += 1

    def take(self, kind: int | None = None) -> list[p.Frame]:
        frames = [f for f in self.received if kind is None or f.kind == kind]
        self.received.clear()
        return frames


class Rig:
    def __init__(self, readings: Callable[[int], int] | None = None, **options: object) -> None:
        self.values = [1000] * 25
        self.now = 0
        self.fed = 0
        self.port = FakePort()
        self.pixels: list[tuple[int, int, int]] = [(0, 0, 0)] * 4
        self.bridge = Bridge(
            self.port,
            readings or self.values.__getitem__,
            self.pixels,
            lambda: self.now,
            watchdog=self.feed,
            **options,
        )

    def feed(self) -> None:
        self.fed += 1

    def connect(self) -> None:
        self.port.send(p.HELLO, p.hello_body(False, 0, 0, 0, "test", "host"))
        self.bridge.step()
        self.port.send(p.REQUEST_SNAPSHOT)
        self.bridge.step()
        self.port.take()


def test_boot_announces_itself_and_streams_nothing_before_a_hello() -> None:
    rig = Rig()
    hello = rig.port.take()[0]
    assert hello.kind == p.HELLO and hello.seq == 0
    assert isinstance(hello.value, p.Hello)
    assert not hello.value.reply and hello.value.pixels == 4 and hello.value.cells == 25
    rig.values[3] = 50000
    for _ in range(5):
        rig.now += 1000
        rig.bridge.step()
    assert rig.port.take() == []


def test_hello_opens_a_session_and_a_snapshot_reports_every_cell() -> None:
    rig = Rig()
    rig.values[:] = range(100, 125)
    rig.bridge.step()
    rig.port.take()
    rig.port.send(p.HELLO, p.hello_body(False, 0, 0, 0, "test", "host"))
    rig.bridge.step()
    reply = rig.port.take()
    assert [f.kind for f in reply] == [p.HELLO]
    assert isinstance(reply[0].value, p.Hello) and reply[0].value.reply
    rig.port.send(p.REQUEST_SNAPSHOT)
    rig.bridge.step()
    (snapshot,) = rig.port.take(p.SNAPSHOT)
    assert snapshot.value == tuple(range(100, 125))


def test_each_cell_is_the_median_of_its_samples() -> None:
    spikes = {0: [1000, 65535, 1000, 0, 1001], 7: [5000, 5002, 5001, 64000, 5003]}
    calls: dict[int, int] = {}

    def read(cell: int) -> int:
        calls[cell] = calls.get(cell, 0) + 1
        series = spikes.get(cell, [2000] * 5)
        return series[(calls[cell] - 1) % 5]

    rig = Rig(read, samples=5)
    rig.bridge.step()
    assert rig.bridge.readings[0] == 1000 and rig.bridge.readings[7] == 5002
    assert rig.bridge.readings[1] == 2000


def test_change_is_sent_only_beyond_the_threshold() -> None:
    rig = Rig(threshold=100)
    rig.connect()
    rig.values[5] = 1100  # exactly the threshold: not a change
    rig.bridge.step()
    assert rig.port.take(p.CHANGE) == []
    rig.values[5] = 1101
    rig.values[24] = 899
    rig.bridge.step()
    (change,) = rig.port.take(p.CHANGE)
    assert change.value == ((5, 1101), (24, 899))
    rig.values[5] = 1150  # within the threshold of the last reported value
    rig.bridge.step()
    assert rig.port.take(p.CHANGE) == []


def test_sequence_numbers_count_up_from_zero() -> None:
    rig = Rig()
    rig.connect()
    for value in (2000, 3000, 4000):
        rig.values[0] = value
        rig.bridge.step()
    seqs = [f.seq for f in rig.port.take(p.CHANGE)]
    assert seqs == [3, 4, 5]  # after boot HELLO, HELLO reply and SNAPSHOT


def test_heartbeats_follow_the_clock_and_the_watchdog_is_fed_every_step() -> None:
    rig = Rig(heartbeat_ms=1000)
    rig.connect()
    fed = rig.fed
    for _ in range(10):
        rig.now += 250
        rig.port.send(p.HEARTBEAT, p.heartbeat_body(rig.now, 0))
        rig.bridge.step()
    beats = rig.port.take(p.HEARTBEAT)
    assert len(beats) == 2
    assert isinstance(beats[-1].value, p.Heartbeat) and beats[-1].value.uptime_ms == 2000
    assert rig.fed == fed + 10


def test_a_silent_host_ends_the_session_and_blanks_the_pixels() -> None:
    rig = Rig(host_timeout_ms=5000)
    rig.connect()
    rig.port.send(p.LEDS, p.leds_body([(10, 20, 30)] * 4))
    rig.bridge.step()
    assert rig.pixels[0] == (10, 20, 30)
    rig.now += 5001
    rig.bridge.step()
    assert not rig.bridge.session
    assert rig.pixels == [(0, 0, 0)] * 4
    rig.port.take()
    rig.port.send(p.REQUEST_SNAPSHOT)
    rig.bridge.step()
    (nak,) = rig.port.take()
    assert nak.kind == p.NAK and isinstance(nak.value, p.Ack)
    assert nak.value.reason == p.NAK_NO_SESSION


def test_leds_are_applied_and_acknowledged() -> None:
    rig = Rig()
    rig.connect()
    frame = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (0, 0, 255)]
    rig.port.send(p.LEDS, p.leds_body(frame))
    rig.bridge.step()
    assert rig.pixels == frame
    (ack,) = rig.port.take()
    assert ack.kind == p.ACK and isinstance(ack.value, p.Ack) and ack.value.kind == p.LEDS


def test_a_frame_over_the_current_budget_is_scaled_down() -> None:
    # four white pixels at full scale: 12 channels x 20 mA = 240 mA; budget 120 mA
    rig = Rig(led_budget_ma=120, ma_per_channel=20)
    rig.connect()
    rig.port.send(p.LEDS, p.leds_body([(255, 255, 255)] * 4))
    rig.bridge.step()
    total = sum(sum(pixel) for pixel in rig.pixels)
    assert total * 20 / 255 <= 120
    assert rig.pixels[0] == (127, 127, 127)


def test_cap_current_keeps_frames_within_budget_untouched() -> None:
    rgb = bytes([255, 0, 0] * 10)
    assert cap_current(rgb, 200, 20) is rgb
    assert sum(cap_current(bytes([255] * 300), 1000, 20)) * 20 / 255 <= 1000


@pytest.mark.parametrize(
    ("pixels", "count", "reason"),
    [(None, 4, p.NAK_NO_LEDS), ([(0, 0, 0)] * 4, 3, p.NAK_BAD_LENGTH)],
)
def test_unusable_led_frames_are_refused(
    pixels: list[tuple[int, int, int]] | None, count: int, reason: int
) -> None:
    port = FakePort()
    bridge = Bridge(port, lambda cell: 0, pixels, lambda: 0)
    port.send(p.HELLO, p.hello_body(False, 0, 0, 0, "test", "host"))
    port.send(p.LEDS, p.leds_body([(9, 9, 9)] * count))
    bridge.step()
    nak = port.take(p.NAK)[0].value
    assert isinstance(nak, p.Ack) and nak.reason == reason


def test_a_host_of_another_protocol_version_is_refused_naming_both() -> None:
    rig = Rig()
    rig.port.take()
    rig.port.send(p.HELLO, bytes([p.PROTOCOL_VERSION + 1]) + b"future layout")
    rig.bridge.step()
    (error,) = rig.port.take()
    assert error.kind == p.ERROR and isinstance(error.value, p.Error)
    assert error.value.code == p.ERR_VERSION
    assert error.value.text == p.version_mismatch_text(p.PROTOCOL_VERSION, p.PROTOCOL_VERSION + 1)
    assert not rig.bridge.session


def test_garbage_from_the_host_is_counted_and_reported_in_heartbeats() -> None:
    rig = Rig()
    rig.connect()
    rig.port.inbox += b"\x07garbage\x00\x03\x00"
    rig.now += 1000
    rig.bridge.step()
    (beat,) = rig.port.take(p.HEARTBEAT)
    assert isinstance(beat.value, p.Heartbeat) and beat.value.rx_errors == 2


def test_mux_reader_drives_the_select_lines_and_waits_after_switching() -> None:
    lines = [False] * 4
    sleeps: list[float] = []

    class Input:
        def __init__(self, mux: int) -> None:
            self.mux = mux

        @property
        def value(self) -> int:
            channel = sum(1 << bit for bit in range(4) if lines[bit])
            return self.mux * 100 + channel

    def setter(bit: int) -> Callable[[bool], None]:
        return lambda value: lines.__setitem__(bit, value)

    reader = MuxReader([setter(bit) for bit in range(4)], [Input(0), Input(1)], sleeps.append)
    assert [reader(cell) for cell in (0, 5, 15, 24)] == [0, 5, 15, 108]
    assert len(sleeps) == 4  # every channel switch waits for the mux to settle
    # both multiplexers share the select lines: cell 21 is channel 5, like cell 5
    assert [reader(cell) for cell in (5, 21)] == [5, 105]
    assert len(sleeps) == 5
