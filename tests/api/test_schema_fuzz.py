"""schemathesis fuzzes the live daemon (real uvicorn on 127.0.0.1) from its own OpenAPI
document, with the token and without it: no 5xx, and every answer (status code,
content type, headers, body) is one the schema documents. Bounded in examples, not in
time: every boundary case of the coverage phase, then 20 fuzzed cases an operation, from
a fixed seed (with `--max-time` the fuzzing repeated until the time was spent, so a run
checked as many cases as the machine's load allowed, and always took that long).

`/api/sim/hold` is left out of the run with the token: each of its examples holds a
button for up to 30 s of real time; without the token it is fuzzed like the rest."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.daemon.harness import Daemon

CHECKS = ",".join(
    (
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_headers_conformance",
        "response_schema_conformance",
        "negative_data_rejection",
    )
)
BOUNDS = ["--max-examples", "20", "--seed", "14"]


def _schemathesis(daemon: Daemon, folder: Path, *extra: str) -> str:
    command = [
        str(Path(sys.executable).with_name("schemathesis")),
        "run",
        f"{daemon.url}/openapi.json",
        "--checks",
        CHECKS,
        "--phases",
        "examples,coverage,fuzzing",
        "--generation-database",
        "none",
        "--no-color",
        *BOUNDS,
        *extra,
    ]
    done = subprocess.run(
        command, cwd=folder, capture_output=True, text=True, timeout=600, check=False
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    return output


@pytest.mark.long
@pytest.mark.parametrize("with_token", [True, False], ids=["token", "no-token"])
def test_the_schema_fuzzer_finds_no_5xx_and_no_schema_violation(
    daemon: Daemon, tmp_path: Path, with_token: bool
) -> None:
    extra = [
        "-H",
        f"Authorization: {daemon.auth['Authorization']}",
        "--exclude-path",
        "/api/sim/hold",
    ]
    output = _schemathesis(daemon, tmp_path, *(extra if with_token else []))
    assert re.search(r"\d+ generated, \d+ passed", output) and "FAILURES" not in output, output
    assert ("401 Unauthorized" in output) is not with_token  # writes refused without it
    assert daemon.http.get("/api/health").json()["status"] == "ok"
    assert "Traceback" not in "".join(daemon.output)
