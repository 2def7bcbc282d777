"""The shared frame protocol: COBS against the reference package, every frame kind
round-trips, and no byte sequence crashes the stream decoder."""

from __future__ import annotations

import random

import pytest
from cobs import cobs
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge import protocol as p


def cobs_vectors() -> list[bytes]:
    rng = random.Random(3)
    vectors = [b"", b"\x00", b"\x00\x00", b"\x01", b"\xff" * 3]
    for run in (1, 252, 253, 254, 255, 256, 507, 508, 509, 762, 1000):
        body = bytes(rng.randrange(1, 256) for _ in range(run))
        vectors += [body, body + b"\x00", b"\x00" + body, body + b"\x00" + body, b"\x00" * 3 + body]
    for _ in range(3000):
        size = rng.choice((rng.randrange(0, 20), rng.randrange(240, 270), rng.randrange(0, 1100)))
        zero_rate = rng.choice((0.0, 0.001, 0.05, 0.5))
        vectors.append(
            bytes(0 if rng.random() < zero_rate else rng.randrange(1, 256) for _ in range(size))
        )
    return vectors


def test_cobs_matches_the_reference_package_byte_for_byte() -> None:
    vectors = cobs_vectors()
    assert len(vectors) > 3000
    for data in vectors:
        encoded = p.cobs_encode(data)
        assert encoded == cobs.encode(data), (len(data), data[:8])
        assert b"\x00" not in encoded
        assert p.cobs_decode(encoded) == data


def test_cobs_decode_rejects_what_the_reference_rejects() -> None:
    for bad in (b"\x05ab", b"\x02a\x00", b"\x03a"):
        with pytest.raises(cobs.DecodeError):
            cobs.decode(bad)
        with pytest.raises(p.CobsError):
            p.cobs_decode(bad)


def one_frame(kind: int, body: bytes, seq: int = 7) -> p.Frame:
    decoder = p.Decoder()
    frames = decoder.feed(p.encode_frame(kind, seq, body))
    assert len(frames) == 1, decoder.__dict__
    assert frames[0].kind == kind and frames[0].seq == seq & 0xFFFF and frames[0].body == body
    return frames[0]


def test_hello_round_trip() -> None:
    body = p.hello_body(True, p.CAP_LEDS, 25, 100, "e6614c311b3f", "0.1.0")
    hello = one_frame(p.HELLO, body).value
    assert isinstance(hello, p.Hello)
    assert (hello.version, hello.reply, hello.capabilities) == (p.PROTOCOL_VERSION, True, 1)
    assert (hello.cells, hello.pixels) == (25, 100)
    assert (hello.board_id, hello.firmware) == ("e6614c311b3f", "0.1.0")


def test_hello_of_another_version_still_yields_its_version() -> None:
    body = b"\x63" + b"whatever layout version 99 uses"
    hello = one_frame(p.HELLO, body).value
    assert isinstance(hello, p.Hello) and hello.version == 99


def test_snapshot_change_heartbeat_leds_round_trip() -> None:
    readings = [0, 1, 65535, *range(1000, 1022)]
    assert one_frame(p.SNAPSHOT, p.snapshot_body(readings)).value == tuple(readings)
    changes = [(0, 0), (12, 40000), (24, 65535)]
    assert one_frame(p.CHANGE, p.change_body(changes)).value == tuple(changes)
    beat = one_frame(p.HEARTBEAT, p.heartbeat_body(2**32 + 5, 70000)).value
    assert isinstance(beat, p.Heartbeat)
    assert (beat.uptime_ms, beat.rx_errors) == (5, 0xFFFF)
    pixels = [(255, 0, 0), (0, 255, 0), (1, 2, 3)]
    assert one_frame(p.LEDS, p.leds_body(pixels)).value == bytes([255, 0, 0, 0, 255, 0, 1, 2, 3])


def test_ack_nak_error_request_round_trip() -> None:
    ack = one_frame(p.ACK, p.ack_body(p.LEDS, 65535)).value
    assert isinstance(ack, p.Ack) and (ack.kind, ack.seq, ack.reason) == (p.LEDS, 65535, 0)
    nak = one_frame(p.NAK, p.ack_body(p.LEDS, 3, p.NAK_BAD_LENGTH)).value
    assert isinstance(nak, p.Ack) and (nak.kind, nak.seq, nak.reason) == (p.LEDS, 3, 3)
    error = one_frame(p.ERROR, p.error_body(p.ERR_VERSION, p.version_mismatch_text(2, 1))).value
    assert isinstance(error, p.Error) and error.code == p.ERR_VERSION
    assert error.text == "protocol version mismatch: bridge speaks version 2, host speaks version 1"
    assert one_frame(p.REQUEST_SNAPSHOT, b"").value is None


def test_sequence_wraps_at_16_bits() -> None:
    assert one_frame(p.HEARTBEAT, p.heartbeat_body(1, 0), seq=65536 + 9).seq == 9


def test_oversize_body_is_refused_when_encoding() -> None:
    with pytest.raises(p.ProtocolError):
        p.encode_frame(p.LEDS, 0, bytes(p.MAX_BODY + 1))


def test_each_kind_of_bad_frame_is_counted_in_its_own_counter() -> None:
    decoder = p.Decoder()
    good = p.encode_frame(p.HEARTBEAT, 1, p.heartbeat_body(1, 0))
    wrong_crc = p.cobs_encode(bytes([p.HEARTBEAT, 1, 0]) + p.heartbeat_body(1, 0) + bytes(4))
    stream = (
        wrong_crc
        + b"\x00"
        + p.cobs_encode(b"\x01\x02")
        + b"\x00"  # truncated: shorter than header + CRC
        + b"\x09ab\x00"  # COBS block runs past the end
        + p.encode_frame(0x7E, 0, b"")  # unknown kind
        + p.encode_frame(p.SNAPSHOT, 0, b"\x05\x01")  # malformed body
        + b"\x01" * (p.MAX_ENCODED + 10)
        + b"\x00"  # oversize garbage
        + b"\x00\x00"  # empty frames are only delimiters
        + good
    )
    frames = decoder.feed(stream)
    assert [f.kind for f in frames] == [p.HEARTBEAT]
    assert (decoder.crc_errors, decoder.truncated, decoder.cobs_errors) == (1, 1, 1)
    assert (decoder.unknown_kinds, decoder.malformed, decoder.oversize) == (1, 1, 1)
    assert decoder.frames == 1 and decoder.errors == 5


def valid_stream(rng: random.Random, count: int) -> list[bytes]:
    frames = []
    for seq in range(count):
        kind = rng.choice((p.SNAPSHOT, p.CHANGE, p.HEARTBEAT, p.LEDS, p.ACK))
        if kind == p.SNAPSHOT:
            body = p.snapshot_body([rng.randrange(65536) for _ in range(25)])
        elif kind == p.CHANGE:
            body = p.change_body([(rng.randrange(25), rng.randrange(65536)) for _ in range(3)])
        elif kind == p.HEARTBEAT:
            body = p.heartbeat_body(rng.randrange(2**32), rng.randrange(100))
        elif kind == p.LEDS:
            body = bytes(rng.randrange(256) for _ in range(3 * rng.randrange(1, 200)))
        else:
            body = p.ack_body(p.LEDS, rng.randrange(65536))
        frames.append(p.encode_frame(kind, seq, body))
    return frames


@given(st.integers(0, 2**32 - 1), st.lists(st.integers(1, 64), min_size=1, max_size=40))
@settings(max_examples=60, deadline=None)
def test_any_chunking_yields_the_same_frames(seed: int, cuts: list[int]) -> None:
    frames = valid_stream(random.Random(seed), 12)
    stream = b"".join(frames)
    decoder = p.Decoder()
    decoded: list[p.Frame] = []
    index = 0
    for cut in cuts * (len(stream) // sum(cuts) + 1):
        decoded += decoder.feed(stream[index : index + cut])
        index += cut
    assert [f.seq for f in decoded] == list(range(12))
    assert decoder.crc_errors == decoder.errors == 0


@given(st.binary(max_size=3000))
@settings(max_examples=300, deadline=None)
def test_garbage_never_raises_and_is_bounded(garbage: bytes) -> None:
    decoder = p.Decoder()
    decoder.feed(garbage)
    assert len(decoder._buffer) <= p.MAX_ENCODED
    # a good frame after a delimiter always gets through
    after = decoder.feed(b"\x00" + p.encode_frame(p.HEARTBEAT, 5, p.heartbeat_body(1, 0)))
    assert after[-1].seq == 5


def test_seeded_corruption_is_counted_and_never_raises() -> None:
    rng = random.Random(11)
    frames = valid_stream(rng, 400)
    corrupted = 0
    stream = bytearray()
    for frame in frames:
        data = bytearray(frame)
        action = rng.random()
        if action < 0.1:  # flip a bit inside the frame (never the delimiter)
            data[rng.randrange(len(data) - 1)] ^= 1 << rng.randrange(8)
            corrupted += 1
        elif action < 0.2:  # truncate: the rest of the frame is lost
            data = data[: rng.randrange(len(data) - 1)] + b"\x00"
            corrupted += 1
        elif action < 0.25:  # garbage between frames
            stream += bytes(rng.randrange(256) for _ in range(rng.randrange(1, 50)))
        stream += data
    decoder = p.Decoder()
    decoded = []
    for start in range(0, len(stream), 97):
        decoded += decoder.feed(bytes(stream[start : start + 97]))
    bad = decoder.crc_errors + decoder.errors
    assert bad >= corrupted // 2  # a flipped zero can merge or split frames, but never hides all
    assert decoder.frames == len(decoded) >= len(frames) - 2 * corrupted - 60
    seqs = [f.seq for f in decoded]
    assert seqs == sorted(seqs)  # nothing invented or reordered
