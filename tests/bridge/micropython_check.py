# Run by test_bridge_micropython.py under the MicroPython unix port:
#   micropython micropython_check.py REPO_ROOT < cobs-vectors
# stdin holds one "data encoded" pair of hex strings per line, encoded on CPython by
# the reference `cobs` package. Stays within MicroPython's subset; prints "OK <checks>".
import binascii
import sys

sys.path.insert(0, sys.argv[1])

from firmware_bridge import protocol as p
from firmware_bridge.bridge import Bridge, cap_current

checks = [0]


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    checks[0] += 1


for line in sys.stdin.read().split("\n"):
    if line:
        data, encoded = [binascii.unhexlify(field) for field in line.split(" ")]
        check(p.cobs_encode(data) == encoded, f"cobs_encode of {len(data)} bytes")
        check(p.cobs_decode(encoded) == data, f"cobs_decode of {len(data)} bytes")

# every kind round-trips, fed one byte at a time
bodies = (
    (p.HELLO, p.hello_body(True, p.CAP_LEDS, 25, 3, "uid", "0.1.0")),
    (p.SNAPSHOT, p.snapshot_body(list(range(0, 65535, 2621)))),
    (p.CHANGE, p.change_body([(1, 2), (24, 65535)])),
    (p.HEARTBEAT, p.heartbeat_body(123456, 2)),
    (p.LEDS, p.leds_body([(1, 2, 3), (4, 5, 6)])),
    (p.ACK, p.ack_body(p.LEDS, 9)),
    (p.NAK, p.ack_body(p.LEDS, 9, p.NAK_NO_LEDS)),
    (p.ERROR, p.error_body(p.ERR_VERSION, p.version_mismatch_text(1, 2))),
    (p.REQUEST_SNAPSHOT, b""),
)
stream = b"".join(p.encode_frame(kind, seq, body) for seq, (kind, body) in enumerate(bodies))
decoder = p.Decoder()
frames = []
for index in range(len(stream)):
    frames += decoder.feed(stream[index : index + 1])
check([f.kind for f in frames] == [kind for kind, _ in bodies], "kinds")
check([f.body for f in frames] == [body for _, body in bodies], "bodies")
check(frames[0].value.board_id == "uid" and frames[0].value.reply, "hello")
check(frames[2].value == ((1, 2), (24, 65535)), "change")
check(frames[3].value.uptime_ms == 123456, "heartbeat")
check(frames[7].value.text.startswith("protocol version mismatch"), "error")

# corruption is counted, never raised
bad = bytearray(stream)
for index in range(3, len(bad), 17):
    bad[index] ^= 0x5A
decoder = p.Decoder()
decoder.feed(bytes(bad) + b"\x01" * (p.MAX_ENCODED + 5) + b"\x00")
check(decoder.crc_errors + decoder.errors > 0 and decoder.oversize == 1, "corruption counted")


# the firmware logic end to end
class Port:
    def __init__(self):
        self.inbox = b""
        self.decoder = p.Decoder()
        self.frames = []

    def read(self, size):
        data, self.inbox = self.inbox[:size], self.inbox[size:]
        return data

    def write(self, data):
        self.frames += self.decoder.feed(data)


values = [1000] * 25
now = [0]
fed = [0]
pixels = [(0, 0, 0)] * 2
port = Port()


def feed():
    fed[0] += 1


bridge = Bridge(port, lambda cell: values[cell], pixels, lambda: now[0], watchdog=feed)
port.inbox = (
    p.encode_frame(p.HELLO, 0, p.hello_body(False, 0, 0, 0, "host", "mp"))
    + p.encode_frame(p.REQUEST_SNAPSHOT, 1)
    + p.encode_frame(p.LEDS, 2, p.leds_body([(255, 255, 255), (255, 255, 255)]))
)
bridge.step()
values[12] = 40000
now[0] = 1500
bridge.step()
kinds = [f.kind for f in port.frames]
check(kinds == [p.HELLO, p.HELLO, p.SNAPSHOT, p.ACK, p.CHANGE, p.HEARTBEAT], f"bridge sent {kinds}")
check(port.frames[4].value == ((12, 40000),), "change value")
check(sum(sum(pixel) for pixel in pixels) * 20 // 255 <= 1500 and pixels[0][0] == 255, "leds")
check(sum(cap_current(bytes([255] * 300), 1000, 20)) * 20 // 255 <= 1000, "current cap")
check(fed[0] == 2, "watchdog")
port.inbox = p.encode_frame(p.HELLO, 3, bytes([p.PROTOCOL_VERSION + 1]))
bridge.step()
check(port.frames[-1].kind == p.ERROR and not bridge.session, "version refused")

print(f"OK {checks[0]}")
