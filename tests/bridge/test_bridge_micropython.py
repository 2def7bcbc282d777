"""The shared protocol and the firmware logic run under the MicroPython unix port
and compile with mpy-cross, i.e. they stay within the microcontroller subset."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cobs import cobs

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
FIRMWARE = ("protocol.py", "bridge.py")


def tool(name: str) -> str:
    found = shutil.which(name, path=str(BIN)) or shutil.which(name)
    assert found, f"{name} is missing: pip install -e '.[test]'"
    return found


def cobs_vectors() -> list[bytes]:
    rng = random.Random(5)
    vectors = [b"", b"\x00", b"\x00\x00"]
    for run in (1, 253, 254, 255, 508, 509):
        body = bytes(rng.randrange(1, 256) for _ in range(run))
        vectors += [body, body + b"\x00", b"\x00" + body + b"\x00" + body]
    for _ in range(200):
        size = rng.randrange(600)
        vectors.append(bytes(rng.randrange(256) if rng.random() < 0.3 else 1 for _ in range(size)))
    return vectors


def test_protocol_and_firmware_logic_run_under_micropython() -> None:
    vectors = cobs_vectors()
    lines = "".join(f"{data.hex()} {cobs.encode(data).hex()}\n" for data in vectors)
    result = subprocess.run(
        [tool("micropython"), str(Path(__file__).with_name("micropython_check.py")), str(ROOT)],
        input=lines,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr + result.stdout
    assert result.stdout.startswith("OK "), result.stdout
    assert int(result.stdout.split()[1]) == 2 * len(vectors) + 13


@pytest.mark.parametrize("name", FIRMWARE)
def test_firmware_compiles_with_mpy_cross(name: str, tmp_path: Path) -> None:
    output = tmp_path / name.replace(".py", ".mpy")
    result = subprocess.run(
        [tool("mpy-cross"), str(ROOT / "firmware_bridge" / name), "-o", str(output)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert output.stat().st_size > 0
