"""Bridge firmware logic, free of hardware so the host runs it unchanged.

`Bridge` gets everything physical as arguments: the serial port, a cell reader, the
pixels and a clock. code.py wires those to real pins on the RP2040; the simulator's
fake bridge wires them to a pseudo-terminal and a board model. Like protocol.py it
stays within the CPython / MicroPython / CircuitPython common subset.

Time is an int of milliseconds (`clock()`): CircuitPython floats are 30-bit and
lose sub-second precision after a few hours of uptime, its ints do not.
"""

from firmware_bridge import protocol

FIRMWARE_VERSION = "0.1.0"
CELLS = 25
CHANNELS_PER_MUX = 16


class MuxReader:
    """Reads a cell through two CD74HC4067 16-channel multiplexers.

    Both multiplexers share the four select lines; cell i is channel i % 16 of
    multiplexer i // 16, whose common pin feeds analog input i // 16. After the
    select lines change, the channel needs a moment to settle before sampling.
    """

    def __init__(self, select, inputs, sleep, settle_s=0.0002):
        self._select = select  # four callables (S0..S3), each taking a bool
        self._inputs = inputs  # objects with a 16-bit `.value`, e.g. analogio.AnalogIn
        self._sleep = sleep
        self._settle_s = settle_s
        self._channel = -1

    def __call__(self, cell):
        mux, channel = divmod(cell, CHANNELS_PER_MUX)
        if channel != self._channel:
            for bit in range(4):
                self._select[bit]((channel >> bit) & 1 == 1)
            self._channel = channel
            self._sleep(self._settle_s)
        return self._inputs[mux].value


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def cap_current(rgb, budget_ma, ma_per_channel):
    """Scale an RGB byte frame down so its estimated current stays within budget.

    A channel at 255 draws about `ma_per_channel`; the estimate is linear below.
    """
    limit = budget_ma * 255 // ma_per_channel  # the largest allowed channel sum
    total = sum(rgb)
    if total <= limit:
        return rgb
    return bytes([value * limit // total for value in rgb])


class Bridge:
    """Scans the stack-height cells and speaks the frame protocol with the Pi.

    Nothing streams before the Pi's HELLO opens a session (so a host of another
    protocol version never sees frames it would misread); the session ends when the
    Pi falls silent for `host_timeout_ms`, and then the pixels are blanked so a dead
    Pi never leaves stale lights on. Call `step()` in a loop.
    """

    def __init__(
        self,
        port,
        read_cell,
        pixels,
        clock,
        watchdog=None,
        cells=CELLS,
        samples=5,
        threshold=512,
        heartbeat_ms=1000,
        host_timeout_ms=5000,
        led_budget_ma=1500,
        ma_per_channel=20,
        board_id="",
        firmware=FIRMWARE_VERSION,
        version=protocol.PROTOCOL_VERSION,
    ):
        self._port = port  # read(n) -> bytes available now (maybe empty); write(bytes)
        self._read_cell = read_cell  # cell index -> raw 16-bit reading
        self._pixels = pixels  # sequence of (r, g, b) with optional show(), or None
        self._clock = clock  # -> milliseconds
        self._watchdog = watchdog  # called once per step to feed the watchdog
        self._cells = cells
        self._samples = samples
        self._threshold = threshold
        self._heartbeat_ms = heartbeat_ms
        self._host_timeout_ms = host_timeout_ms
        self._led_budget_ma = led_budget_ma
        self._ma_per_channel = ma_per_channel
        self._board_id = board_id
        self._firmware = firmware
        self._version = version
        self._decoder = protocol.Decoder()
        self._seq = 0
        self._started = clock()
        self._last_host = self._started
        self._next_heartbeat = self._started
        self._session = False
        self.readings = [0] * cells  # latest filtered reading per cell
        self._reported = [0] * cells  # what the Pi was last told
        self._scan()  # readings are real before the first HELLO can arrive
        self._port.write(b"\x00")  # end whatever partial frame the host holds
        self._send(protocol.HELLO, self._hello_body(False))

    @property
    def session(self):
        return self._session

    @property
    def rx_errors(self):
        return self._decoder.crc_errors + self._decoder.errors

    def step(self, scan=True):
        """One pass: handle incoming frames, scan every cell, heartbeat, feed the dog.

        `scan=False` skips the cells: for a host that knows they read as they did (the
        simulator, whose board tells when it changes); the real board always scans.
        """
        data = self._port.read(1024)
        if data:
            for frame in self._decoder.feed(data):
                self._handle(frame)
        if scan:
            self._scan()
        now = self._clock()
        if self._session:
            if now - self._last_host > self._host_timeout_ms:
                self._end_session()
            elif now >= self._next_heartbeat:
                self._next_heartbeat = now + self._heartbeat_ms
                body = protocol.heartbeat_body(now - self._started, self.rx_errors)
                self._send(protocol.HEARTBEAT, body)
        if self._watchdog is not None:
            self._watchdog()

    def next_due_ms(self):
        """When (on `clock()`) the next heartbeat or the host time-out is due, or None
        without a session: nothing happens before then unless a frame arrives."""
        if not self._session:
            return None
        return min(self._next_heartbeat, self._last_host + self._host_timeout_ms + 1)

    def run(self):
        while True:
            self.step()

    def _scan(self):
        changes = []
        for cell in range(self._cells):
            value = median([self._read_cell(cell) for _ in range(self._samples)])
            self.readings[cell] = value
            if self._session and abs(value - self._reported[cell]) > self._threshold:
                self._reported[cell] = value
                changes.append((cell, value))
        if changes:
            self._send(protocol.CHANGE, protocol.change_body(changes))

    def _handle(self, frame):
        self._last_host = self._clock()
        kind = frame.kind
        if kind == protocol.HELLO:
            self._hello(frame.value)
        elif not self._session:
            self._nak(frame, protocol.NAK_NO_SESSION)
        elif kind == protocol.REQUEST_SNAPSHOT:
            self._reported = list(self.readings)
            self._send(protocol.SNAPSHOT, protocol.snapshot_body(self._reported))
        elif kind == protocol.LEDS:
            self._leds(frame)
        elif kind != protocol.HEARTBEAT:
            self._nak(frame, protocol.NAK_UNEXPECTED)

    def _hello(self, hello):
        if hello.version != self._version:
            self._end_session()
            text = protocol.version_mismatch_text(self._version, hello.version)
            self._send(protocol.ERROR, protocol.error_body(protocol.ERR_VERSION, text))
            return
        self._session = True
        self._reported = list(self.readings)  # the host asks for a snapshot next
        self._next_heartbeat = self._clock() + self._heartbeat_ms
        self._send(protocol.HELLO, self._hello_body(True))

    def _hello_body(self, reply):
        pixels = 0 if self._pixels is None else len(self._pixels)
        return protocol.hello_body(
            reply,
            protocol.CAP_LEDS if pixels else 0,
            self._cells,
            pixels,
            self._board_id,
            self._firmware,
            self._version,
        )

    def _leds(self, frame):
        if self._pixels is None:
            self._nak(frame, protocol.NAK_NO_LEDS)
            return
        if len(frame.value) != 3 * len(self._pixels):
            self._nak(frame, protocol.NAK_BAD_LENGTH)
            return
        self._show(cap_current(frame.value, self._led_budget_ma, self._ma_per_channel))
        self._send(protocol.ACK, protocol.ack_body(frame.kind, frame.seq))

    def _show(self, rgb):
        for pixel in range(len(self._pixels)):
            base = 3 * pixel
            self._pixels[pixel] = (rgb[base], rgb[base + 1], rgb[base + 2])
        show = getattr(self._pixels, "show", None)
        if show is not None:
            show()

    def _end_session(self):
        self._session = False
        if self._pixels is not None:
            self._show(bytes(3 * len(self._pixels)))

    def _nak(self, frame, reason):
        self._send(protocol.NAK, protocol.ack_body(frame.kind, frame.seq, reason))

    def _send(self, kind, body=b""):
        self._port.write(protocol.encode_frame(kind, self._seq, body))
        self._seq = (self._seq + 1) & 0xFFFF
