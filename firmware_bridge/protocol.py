"""Bridge frame protocol, shared byte-for-byte by the RP2040 firmware and the Pi.

This one file runs unchanged under CPython 3.11, MicroPython and CircuitPython, so it
uses only their common subset: no typing imports, no dataclasses, no enum, no
f-strings, positional `to_bytes`, basic `struct` formats. Annotations use builtin
types only (CPython evaluates them; MicroPython ignores them).

Wire format: every frame is COBS-encoded and followed by one 0x00 delimiter, so a
receiver resynchronises at the next zero whatever garbage came before. The decoded
payload is

    kind (u8) | seq (u16 LE) | body | CRC-32 of kind+seq+body (u32 LE)

Each direction numbers its frames 0, 1, 2, ... (wrapping at 65536) so the receiver
sees lost frames as a sequence gap. All integers are little-endian.

The first body byte of HELLO is the protocol version in every version of this
protocol, so two different versions can always tell each other apart.
"""

import binascii
import struct

PROTOCOL_VERSION = 1

# Frame kinds. Direction: B = bridge -> Pi, P = Pi -> bridge.
HELLO = 0x01  # B, P: version, reply flag, capabilities, cell and pixel counts, ids
SNAPSHOT = 0x02  # B: every cell's filtered 16-bit reading
CHANGE = 0x03  # B: (cell, reading) pairs whose reading moved beyond the threshold
HEARTBEAT = 0x04  # B, P: uptime in ms and the sender's receive-error count
LEDS = 0x05  # P: one RGB triple per pixel, when the bridge drives the pixels
ACK = 0x06  # B: a frame was applied (kind, seq)
NAK = 0x07  # B: a frame was refused (kind, seq, reason)
ERROR = 0x08  # B: a fatal condition (code, text), e.g. a protocol version mismatch
REQUEST_SNAPSHOT = 0x09  # P: answer with a SNAPSHOT

KIND_NAMES = {
    HELLO: "HELLO",
    SNAPSHOT: "SNAPSHOT",
    CHANGE: "CHANGE",
    HEARTBEAT: "HEARTBEAT",
    LEDS: "LEDS",
    ACK: "ACK",
    NAK: "NAK",
    ERROR: "ERROR",
    REQUEST_SNAPSHOT: "REQUEST_SNAPSHOT",
}

CAP_LEDS = 0x01  # HELLO capability bit: the bridge drives the pixels

NAK_NO_SESSION = 1  # no HELLO handshake yet
NAK_NO_LEDS = 2  # LEDS sent to a bridge without pixels
NAK_BAD_LENGTH = 3  # LEDS frame with the wrong number of pixels
NAK_UNEXPECTED = 4  # a kind this side never accepts

ERR_VERSION = 1  # protocol version mismatch: the text names both versions

MAX_BODY = 1024  # bytes; 300 RGB pixels fit
_HEADER = 3
_CRC = 4
MAX_PAYLOAD = _HEADER + MAX_BODY + _CRC
MAX_ENCODED = MAX_PAYLOAD + MAX_PAYLOAD // 254 + 1  # COBS adds one byte per 254


class ProtocolError(ValueError):
    """A payload that cannot be decoded; subclasses say which check failed."""


class CobsError(ProtocolError):
    """Not valid COBS: a zero byte inside, or a block running past the end."""


class TruncatedFrameError(ProtocolError):
    """Too short to hold a header and a CRC."""


class CrcError(ProtocolError):
    """The frame's CRC-32 does not match its content."""


class UnknownKindError(ProtocolError):
    """A well-formed frame of a kind this version does not know."""


# ---------------------------------------------------------------- COBS


def cobs_encode(data: bytes) -> bytes:
    """Consistent Overhead Byte Stuffing: the result contains no zero byte.

    A zero-free run of 254 bytes is a complete block (code 0xFF) and opens no new
    block at the very end of the data, matching the reference encoding.
    """
    out = bytearray()
    start = 0
    end_of_data = len(data)
    while True:
        zero = data.find(b"\x00", start)
        stop = end_of_data if zero < 0 else zero
        full_block = False
        while stop - start >= 254:
            out.append(0xFF)
            out += data[start : start + 254]
            start += 254
            full_block = True
        if zero < 0:
            if start < stop or not full_block:
                out.append(stop - start + 1)
                out += data[start:stop]
            return bytes(out)
        out.append(stop - start + 1)
        out += data[start:stop]
        start = stop + 1


def cobs_decode(data: bytes) -> bytes:
    """Inverse of `cobs_encode`; raises ProtocolError on a zero byte or a short block."""
    if data.find(b"\x00") >= 0:
        raise CobsError("zero byte inside a COBS block")
    out = bytearray()
    index = 0
    size = len(data)
    while index < size:
        code = data[index]
        end = index + code
        if end > size:
            raise CobsError("COBS block runs past the end of the frame")
        out += data[index + 1 : end]
        index = end
        if code < 0xFF and index < size:
            out.append(0)
    return bytes(out)


# ---------------------------------------------------------------- frames


class Frame:
    """One decoded frame: `kind`, `seq`, raw `body` and its parsed `value`.

    `value` by kind: HELLO -> Hello, SNAPSHOT -> tuple of readings, CHANGE -> tuple
    of (cell, reading), HEARTBEAT -> Heartbeat, LEDS -> bytes (RGB, 3 per pixel),
    ACK -> Ack, NAK -> Ack (with a reason), ERROR -> Error, REQUEST_SNAPSHOT -> None.
    """

    def __init__(self, kind: int, seq: int, body: bytes, value: object) -> None:
        self.kind = kind
        self.seq = seq
        self.body = body
        self.value = value

    def __repr__(self) -> str:
        return "Frame(%s, seq=%d, %r)" % (KIND_NAMES.get(self.kind, "?"), self.seq, self.value)


class Hello:
    """HELLO body. `reply` is True when it answers the peer's HELLO (a session is
    open), False when a freshly booted bridge announces itself."""

    def __init__(
        self,
        version: int,
        reply: bool,
        capabilities: int,
        cells: int,
        pixels: int,
        board_id: str,
        firmware: str,
    ) -> None:
        self.version = version
        self.reply = reply
        self.capabilities = capabilities
        self.cells = cells
        self.pixels = pixels
        self.board_id = board_id
        self.firmware = firmware

    def __repr__(self) -> str:
        return "Hello(v%d, reply=%r, caps=%d, cells=%d, pixels=%d, %r, %r)" % (
            self.version,
            self.reply,
            self.capabilities,
            self.cells,
            self.pixels,
            self.board_id,
            self.firmware,
        )


class Heartbeat:
    """HEARTBEAT body: sender uptime (ms, wrapping at 2**32) and its receive errors."""

    def __init__(self, uptime_ms: int, rx_errors: int) -> None:
        self.uptime_ms = uptime_ms
        self.rx_errors = rx_errors

    def __repr__(self) -> str:
        return "Heartbeat(%d ms, %d rx errors)" % (self.uptime_ms, self.rx_errors)


class Ack:
    """ACK / NAK body: which frame (kind, seq) and, for a NAK, why (`reason` > 0)."""

    def __init__(self, kind: int, seq: int, reason: int) -> None:
        self.kind = kind
        self.seq = seq
        self.reason = reason

    def __repr__(self) -> str:
        return "Ack(%s, seq=%d, reason=%d)" % (
            KIND_NAMES.get(self.kind, "?"),
            self.seq,
            self.reason,
        )


class Error:
    """ERROR body: a code (ERR_*) and a human-readable text."""

    def __init__(self, code: int, text: str) -> None:
        self.code = code
        self.text = text

    def __repr__(self) -> str:
        return "Error(%d, %r)" % (self.code, self.text)


def encode_frame(kind: int, seq: int, body: bytes = b"") -> bytes:
    """Wire bytes of one frame, delimiter included."""
    if len(body) > MAX_BODY:
        raise ProtocolError("body of %d bytes exceeds %d" % (len(body), MAX_BODY))
    payload = bytes([kind, seq & 0xFF, (seq >> 8) & 0xFF]) + body
    crc = binascii.crc32(payload) & 0xFFFFFFFF
    return cobs_encode(payload + crc.to_bytes(4, "little")) + b"\x00"


def decode_payload(encoded: bytes) -> Frame:
    """Decode one frame without its delimiter; raises ProtocolError (see `Decoder`)."""
    payload = cobs_decode(encoded)
    if len(payload) < _HEADER + _CRC:
        raise TruncatedFrameError("frame of %d bytes" % len(payload))
    crc = int.from_bytes(payload[-_CRC:], "little")
    content = payload[:-_CRC]
    if binascii.crc32(content) & 0xFFFFFFFF != crc:
        raise CrcError("CRC mismatch")
    kind = content[0]
    parse = _PARSERS.get(kind)
    if parse is None:
        raise UnknownKindError("unknown frame kind 0x%02x" % kind)
    body = content[_HEADER:]
    return Frame(kind, content[1] | (content[2] << 8), body, parse(body))


# ---------------------------------------------------------------- bodies


def _text(value: str, limit: int) -> bytes:
    raw = value.encode("utf-8")[:limit]
    return bytes([len(raw)]) + raw


def hello_body(
    reply: bool,
    capabilities: int,
    cells: int,
    pixels: int,
    board_id: str,
    firmware: str,
    version: int = PROTOCOL_VERSION,
) -> bytes:
    return (
        struct.pack("<BBBBH", version, 1 if reply else 0, capabilities, cells, pixels)
        + _text(board_id, 64)
        + _text(firmware, 64)
    )


def _parse_text(body: bytes, index: int) -> tuple[str, int]:
    if index >= len(body):
        raise ProtocolError("missing text field")
    end = index + 1 + body[index]
    if end > len(body):
        raise ProtocolError("text field runs past the body")
    return str(body[index + 1 : end], "utf-8"), end


def parse_hello(body: bytes) -> Hello:
    """Only the version is read when it differs from ours: the rest may not match."""
    if len(body) < 1:
        raise ProtocolError("empty HELLO")
    if body[0] != PROTOCOL_VERSION:
        return Hello(body[0], False, 0, 0, 0, "", "")
    if len(body) < 6:
        raise ProtocolError("short HELLO")
    version, reply, capabilities, cells, pixels = struct.unpack("<BBBBH", body[:6])
    board_id, index = _parse_text(body, 6)
    firmware, index = _parse_text(body, index)
    if index != len(body):
        raise ProtocolError("trailing bytes after HELLO")
    return Hello(version, reply != 0, capabilities, cells, pixels, board_id, firmware)


def snapshot_body(readings: list[int]) -> bytes:
    out = bytearray([len(readings)])
    for value in readings:
        out += value.to_bytes(2, "little")
    return bytes(out)


def parse_snapshot(body: bytes) -> tuple[int, ...]:
    if len(body) < 1 or len(body) != 1 + 2 * body[0]:
        raise ProtocolError("SNAPSHOT length does not match its cell count")
    return tuple(body[i] | (body[i + 1] << 8) for i in range(1, len(body), 2))


def change_body(changes: list[tuple[int, int]]) -> bytes:
    out = bytearray([len(changes)])
    for cell, value in changes:
        out.append(cell)
        out += value.to_bytes(2, "little")
    return bytes(out)


def parse_change(body: bytes) -> tuple[tuple[int, int], ...]:
    if len(body) < 1 or body[0] == 0 or len(body) != 1 + 3 * body[0]:
        raise ProtocolError("CHANGE length does not match its pair count")
    return tuple((body[i], body[i + 1] | (body[i + 2] << 8)) for i in range(1, len(body), 3))


def heartbeat_body(uptime_ms: int, rx_errors: int) -> bytes:
    return struct.pack("<IH", uptime_ms & 0xFFFFFFFF, min(rx_errors, 0xFFFF))


def parse_heartbeat(body: bytes) -> Heartbeat:
    if len(body) != 6:
        raise ProtocolError("HEARTBEAT body must be 6 bytes")
    uptime_ms, rx_errors = struct.unpack("<IH", body)
    return Heartbeat(uptime_ms, rx_errors)


def leds_body(pixels: list[tuple[int, int, int]]) -> bytes:
    out = bytearray()
    for red, green, blue in pixels:
        out.append(red)
        out.append(green)
        out.append(blue)
    return bytes(out)


def parse_leds(body: bytes) -> bytes:
    if len(body) % 3:
        raise ProtocolError("LEDS body is not whole RGB triples")
    return body


def ack_body(kind: int, seq: int, reason: int = 0) -> bytes:
    """ACK when `reason` is 0, else a NAK body."""
    if reason:
        return struct.pack("<BHB", kind, seq & 0xFFFF, reason)
    return struct.pack("<BH", kind, seq & 0xFFFF)


def parse_ack(body: bytes) -> Ack:
    if len(body) != 3:
        raise ProtocolError("ACK body must be 3 bytes")
    kind, seq = struct.unpack("<BH", body)
    return Ack(kind, seq, 0)


def parse_nak(body: bytes) -> Ack:
    if len(body) != 4:
        raise ProtocolError("NAK body must be 4 bytes")
    kind, seq, reason = struct.unpack("<BHB", body)
    if reason == 0:
        raise ProtocolError("NAK without a reason")
    return Ack(kind, seq, reason)


def error_body(code: int, text: str) -> bytes:
    return bytes([code]) + text.encode("utf-8")[: MAX_BODY - 1]


def parse_error(body: bytes) -> Error:
    if len(body) < 1:
        raise ProtocolError("empty ERROR")
    return Error(body[0], str(body[1:], "utf-8"))


def parse_empty(body: bytes) -> None:
    if body:
        raise ProtocolError("this frame kind has no body")


_PARSERS = {
    HELLO: parse_hello,
    SNAPSHOT: parse_snapshot,
    CHANGE: parse_change,
    HEARTBEAT: parse_heartbeat,
    LEDS: parse_leds,
    ACK: parse_ack,
    NAK: parse_nak,
    ERROR: parse_error,
    REQUEST_SNAPSHOT: parse_empty,
}


def version_mismatch_text(bridge_version: int, host_version: int) -> str:
    """The one wording both sides use, naming both versions."""
    return "protocol version mismatch: bridge speaks version %d, host speaks version %d" % (
        bridge_version,
        host_version,
    )


# ---------------------------------------------------------------- stream decoder


class Decoder:
    """Turns arbitrary byte chunks into frames; counts bad input instead of raising.

    Bytes accumulate until a 0x00 delimiter. A frame longer than MAX_ENCODED is
    garbage: the buffer is dropped (counted in `oversize`) and everything up to the
    next delimiter is skipped, so memory stays bounded whatever arrives.
    """

    def __init__(self) -> None:
        self.frames = 0
        self.crc_errors = 0
        self.cobs_errors = 0
        self.truncated = 0
        self.unknown_kinds = 0
        self.malformed = 0
        self.oversize = 0
        self._buffer = bytearray()
        self._skipping = False

    @property
    def errors(self) -> int:
        """Every bad frame except CRC errors (those are counted on their own)."""
        return (
            self.cobs_errors + self.truncated + self.unknown_kinds + self.malformed + self.oversize
        )

    def reset(self) -> None:
        """Forget a partial frame (after a reconnect); the counters keep running."""
        self._buffer = bytearray()
        self._skipping = False

    def feed(self, chunk: bytes) -> list[Frame]:
        frames = []
        start = 0
        size = len(chunk)
        while start < size:
            zero = chunk.find(b"\x00", start)
            stop = size if zero < 0 else zero
            if not self._skipping:
                self._buffer += chunk[start:stop]
                if len(self._buffer) > MAX_ENCODED:
                    self.oversize += 1
                    self._buffer = bytearray()
                    self._skipping = True
            if zero < 0:
                break
            if self._skipping:
                self._skipping = False
            elif self._buffer:
                frame = self._decode(bytes(self._buffer))
                self._buffer = bytearray()
                if frame is not None:
                    frames.append(frame)
            start = zero + 1
        return frames

    def _decode(self, encoded: bytes) -> Frame | None:
        try:
            frame = decode_payload(encoded)
        except CrcError:
            self.crc_errors += 1
            return None
        except UnknownKindError:
            self.unknown_kinds += 1
            return None
        except CobsError:
            self.cobs_errors += 1
            return None
        except TruncatedFrameError:
            self.truncated += 1
            return None
        except (ProtocolError, UnicodeError):
            self.malformed += 1
            return None
        self.frames += 1
        return frame
