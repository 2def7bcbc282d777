"""Just enough PNG decoding to look at a browser's screenshots (8-bit RGB or RGBA,
not interlaced: what Chromium writes), so tests can check the colour under an element."""

from __future__ import annotations

import struct
import zlib


class Image:
    def __init__(self, data: bytes) -> None:
        if data[:8] != b"\x89PNG\r\n\x1a\n":
            raise ValueError("not a PNG")
        chunks: dict[bytes, list[bytes]] = {}
        at = 8
        while at < len(data):
            (length,) = struct.unpack(">I", data[at : at + 4])
            kind = data[at + 4 : at + 8]
            chunks.setdefault(kind, []).append(data[at + 8 : at + 8 + length])
            at += 12 + length
        width, height, depth, colour, _, _, interlace = struct.unpack(
            ">IIBBBBB", chunks[b"IHDR"][0]
        )
        if depth != 8 or colour not in (2, 6) or interlace:
            raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour})")
        self.width, self.height = width, height
        self.channels = 3 if colour == 2 else 4
        raw = zlib.decompress(b"".join(chunks[b"IDAT"]))
        stride = width * self.channels
        rows: list[bytearray] = []
        previous = bytearray(stride)
        for y in range(height):
            start = y * (stride + 1)
            kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
            self._unfilter(kind, line, previous)
            rows.append(line)
            previous = line
        self.rows = rows

    def _unfilter(self, kind: int, line: bytearray, up: bytearray) -> None:
        bpp = self.channels
        for i in range(len(line)):
            left = line[i - bpp] if i >= bpp else 0
            upper, corner = up[i], up[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + upper) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + upper) // 2) & 0xFF
            elif kind == 4:
                estimate = left + upper - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - upper), abs(estimate - corner)
                best = left if pa <= pb and pa <= pc else upper if pb <= pc else corner
                line[i] = (line[i] + best) & 0xFF

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        at = x * self.channels
        red, green, blue = self.rows[y][at : at + 3]
        return red, green, blue

    def colours(self, box: dict[str, float]) -> set[tuple[int, int, int]]:
        """Every colour inside a bounding box (Playwright's `bounding_box()`, in pixels)."""
        found = set()
        for y in range(int(box["y"]) + 1, int(box["y"] + box["height"]) - 1):
            for x in range(int(box["x"]) + 1, int(box["x"] + box["width"]) - 1):
                found.add(self.pixel(x, y))
        return found
