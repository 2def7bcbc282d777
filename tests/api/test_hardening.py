"""The API as an attacker meets it: huge ids and bodies, hostile input, a stranger's Host
or Origin, reads off the loopback. Real daemon subprocesses: one shared by the tests whose
requests are refused or only read, one of its own for each test that changes the state."""

from __future__ import annotations

import json
import os
import shutil
import socket
import stat
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from santorini_hw.api.guard import BODY_LIMIT, CSP
from santorini_hw.hints.engine import TABLE_ENTRIES
from tests.daemon.harness import SETUP, WAIT_TIMEOUT, Daemon
from tests.unprivileged import run_unprivileged

BIG_IDS = [2**63, 2**64, 10**30, 0, -1]


@pytest.fixture
def daemon(shared_daemon: Daemon) -> Daemon:
    """The module's daemon: these requests are refused or only read; the tests that
    change the board's state take `own_daemon`."""
    return shared_daemon


def _ws(daemon: Daemon, query: str = "", **headers: str) -> str:
    """The first message on /api/events (raises InvalidStatus when refused)."""
    url = daemon.url.replace("http://", "ws://") + "/api/events" + query
    origin = headers.pop("origin", None)
    with connect(url, origin=origin, additional_headers=headers, open_timeout=WAIT_TIMEOUT) as ws:  # type: ignore[arg-type]
        return str(ws.recv(timeout=WAIT_TIMEOUT))


def _raw_request(daemon: Daemon, request: bytes) -> bytes:
    """Send raw bytes, read the answer's first chunk (the rest of a body is never sent)."""
    address = urlsplit(daemon.url)
    with socket.create_connection((address.hostname, address.port), timeout=WAIT_TIMEOUT) as raw:
        raw.sendall(request)
        return raw.recv(65536)


def test_game_ids_beyond_64_bit_are_input_errors_not_500(daemon: Daemon) -> None:
    for game_id in BIG_IDS:
        for suffix in ("", "/export.json", "/export.txt"):
            response = daemon.http.get(f"/api/games/{game_id}{suffix}")
            assert response.status_code == 422, (game_id, suffix, response.text)
            assert response.json()["detail"][0]["loc"] == ["path", "game_id"]
    response = daemon.http.get(f"/api/games/{2**63 - 1}/export.txt")
    assert response.status_code == 404
    assert response.json() == {"detail": f"no game {2**63 - 1}"}  # no path of the journal


def test_a_body_over_the_limit_gets_413(own_daemon: Daemon) -> None:
    body = json.dumps({"players": ["A", "B"], "pad": "x" * BODY_LIMIT})
    headers = {**own_daemon.auth, "Content-Type": "application/json"}
    assert own_daemon.http.post("/api/games", content=body, headers=headers).status_code == 413

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        for _ in range(20):
            yield b" " * 8192

    response = own_daemon.http.post("/api/games", content=chunks(), headers=headers)
    assert response.status_code == 413
    assert own_daemon.state()["game_id"] == 1


def test_the_token_is_checked_before_the_body_is_read(daemon: Daemon) -> None:
    port = urlsplit(daemon.url).port
    head = (
        f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        "Content-Type: application/json\r\nContent-Length: 50000000\r\n\r\n{"
    )
    assert _raw_request(daemon, head.encode()).startswith(b"HTTP/1.1 401 ")
    with_token = head.replace(
        "\r\n\r\n", f"\r\nAuthorization: {daemon.auth['Authorization']}\r\n\r\n"
    )
    assert _raw_request(daemon, with_token.encode()).startswith(b"HTTP/1.1 413 ")


def test_errors_quote_at_most_a_short_excerpt(daemon: Daemon) -> None:
    for players in (["x" * 60_000, "B"], ["<script>" * 7000, "B"]):
        response = daemon.http.post("/api/games", json={"players": players}, headers=daemon.auth)
        assert response.status_code == 422
        assert len(response.content) < 1000
        assert response.json()["detail"][0]["loc"] == ["body", "players", 0]
    response = daemon.http.post(
        "/api/games",
        json={"players": ["A", "B"], "gods": ["Z" * 30_000, None], "selection": "given"},
        headers=daemon.auth,
    )
    assert response.status_code == 422 and len(response.content) < 1000


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("sim/hold", '{"button": "done", "seconds": NaN}', "seconds"),
        ("sim/hold", '{"button": "done", "seconds": Infinity}', "seconds"),
        ("games", '{"players": ["\\ud800", "B"]}', "players"),
        (
            "games",
            '{"players": ["A", "B"], "gods": ["\\udfff", null], "selection": "given"}',
            "gods",
        ),
        ("sim/place", '{"cell": "c3", "piece": "worker", "player": "\\ud83d"}', "player"),
        ("sim/place", '{"cell": "\\ud800", "piece": "block"}', "cell"),
        ("games", '{"players": ["A", "B", "C"]}', "gods"),  # three players need gods
        ("sim/place", '{"cell": "c3", "piece": "block", "player": "A"}', "player"),
    ],
)
def test_input_problems_are_422_naming_the_field(
    daemon: Daemon, path: str, body: str, field: str
) -> None:
    headers = {**daemon.auth, "Content-Type": "application/json"}
    response = daemon.http.post(f"/api/{path}", content=body.encode(), headers=headers)
    assert response.status_code == 422, response.text
    assert field in response.json()["detail"][0]["loc"], response.text


@pytest.mark.parametrize(
    "name",
    ["<img src=x onerror=alert(1)>", 'a"b', "a'b", "x&amp;", " A", "A ", "", "x" * 17, "é", "a\nb"],
)
def test_player_names_outside_the_safe_set_are_422(daemon: Daemon, name: str) -> None:
    response = daemon.http.post("/api/games", json={"players": [name, "B"]}, headers=daemon.auth)
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"] == ["body", "players", 0]


def test_every_allowed_kind_of_name_is_accepted(own_daemon: Daemon) -> None:
    players = ["Ann Lee", "b-2_x.y", "Z", "0123456789abcdef"]
    response = own_daemon.http.post(
        "/api/games", json={"players": players, "selection": "random"}, headers=own_daemon.auth
    )
    assert response.status_code == 201, response.text
    assert own_daemon.state()["players"] == players


def test_a_request_for_a_strangers_host_is_refused(daemon: Daemon) -> None:
    port = urlsplit(daemon.url).port
    for host in ("evil.example", f"evil.example:{port}", "localhost.evil.example", ""):
        response = daemon.http.get("/api/state", headers={"Host": host})
        assert response.status_code == 400, host
    for host in (f"localhost:{port}", f"127.0.0.1:{port}", "[::1]", "10.0.0.7:80"):
        assert daemon.http.get("/api/state", headers={"Host": host}).status_code == 200, host
    with pytest.raises(InvalidStatus):
        _ws(daemon, Host="evil.example")


def test_the_websocket_takes_only_the_pages_own_origin(daemon: Daemon) -> None:
    assert json.loads(_ws(daemon, origin=daemon.url))["type"] == "state"
    assert json.loads(_ws(daemon))["type"] == "state"  # no Origin: not a browser
    for origin in ("http://evil.example", "null", daemon.url.replace("127.0.0.1", "localhost")):
        with pytest.raises(InvalidStatus) as refused:
            _ws(daemon, origin=origin)
        assert refused.value.response.status_code == 403


def test_answers_carry_a_content_security_policy(daemon: Daemon) -> None:
    for path in ("/", "/app.js", "/api/state"):
        headers = daemon.http.get(path).headers
        assert headers["content-security-policy"] == CSP
        assert "'unsafe-inline'" not in CSP
        assert headers["x-content-type-options"] == "nosniff"


def test_reads_need_the_token_when_private(tmp_path: Path) -> None:
    daemon = Daemon(tmp_path / "state", env={"SANTORINI_HW_PUBLIC_READS": "false"}).start()
    try:
        for path in (
            "/api/state",
            "/api/games",
            "/api/games/1",
            "/metrics",
            "/openapi.json",
            "/api/docs",
        ):
            assert daemon.http.get(path).status_code == 401, path
            assert daemon.http.get(path, headers=daemon.auth).status_code == 200, path
        assert daemon.http.get("/api/health").status_code == 200
        assert "<title>Santorini board</title>" in daemon.http.get("/").text  # no data in it
        with pytest.raises(InvalidStatus):
            _ws(daemon)
        token = daemon.auth["Authorization"].removeprefix("Bearer ")
        assert json.loads(_ws(daemon, f"?token={token}"))["type"] == "state"
        assert (
            json.loads(_ws(daemon, Authorization=daemon.auth["Authorization"]))["type"] == "state"
        )
    finally:
        daemon.close()


def test_state_directory_journal_and_token_are_made_private(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir(mode=0o755)
    state.chmod(0o755)
    (state / "token").write_text("an-old-token\n")
    (state / "token").chmod(0o644)
    (state / "games.sqlite3").touch()
    (state / "games.sqlite3").chmod(0o644)
    daemon = Daemon(state).start()
    try:
        assert stat.S_IMODE(os.stat(state).st_mode) == 0o700
        for name in ("token", "games.sqlite3", "games.sqlite3-wal", "games.sqlite3-shm"):
            assert stat.S_IMODE(os.stat(state / name).st_mode) == 0o600, name
        assert daemon.auth["Authorization"] == "Bearer an-old-token"
        assert "readable by others (mode 644): made it 0600" in "".join(daemon.output)
    finally:
        daemon.close()


def test_a_token_file_others_may_read_and_that_cannot_be_fixed_is_refused() -> None:
    """The refusal path: the OS will not let the daemon's user make the file private (it
    is not the owner): as root, the command runs as `nobody` on a token file of root's;
    otherwise the token is a link to a file of root's (/etc/passwd, mode 644)."""
    folder = Path(tempfile.mkdtemp(dir="/dev/shm"))  # a folder `nobody` may enter
    token = folder / "token"
    try:
        folder.chmod(0o755)
        if os.geteuid() == 0:
            token.write_text("an-old-token\n")
            token.chmod(0o644)
        else:
            token.symlink_to("/etc/passwd")
        secret = token.read_text().splitlines()[0]
        done = run_unprivileged(
            "token", "--state-dir", str(folder), env={"HOME": str(folder), "XDG_CONFIG_HOME": ""}
        )
        assert done.returncode == 1, done.stderr
        assert f"{token} is readable by others (mode 644) and cannot be made private" in (
            done.stderr
        )
        assert "chmod 600 it, or delete it for a new token" in done.stderr
        assert secret not in done.stdout + done.stderr
        assert stat.S_IMODE(token.stat().st_mode) == 0o644  # left as it was
    finally:
        shutil.rmtree(folder)


def test_the_schema_documents_the_error_codes_and_shapes(daemon: Daemon) -> None:
    schema = daemon.http.get("/openapi.json").json()
    paths = schema["paths"]
    assert set(paths["/api/games"]["post"]["responses"]) >= {
        "201",
        "400",
        "401",
        "409",
        "413",
        "422",
    }
    assert set(paths["/api/games/{game_id}"]["get"]["responses"]) >= {"200", "401", "404", "422"}
    assert set(paths["/api/sim/place"]["post"]["responses"]) >= {
        "204",
        "401",
        "404",
        "409",
        "413",
        "422",
    }
    shapes = schema["components"]["schemas"]
    assert shapes["Problem"]["required"] == ["detail"]
    assert shapes["FieldProblem"]["required"] == ["loc", "msg", "type"]
    invalid = paths["/api/games"]["post"]["responses"]["422"]["content"]["application/json"]
    assert invalid["schema"]["$ref"].endswith("/InvalidInput")
    text = paths["/api/games/{game_id}/export.txt"]["get"]["responses"]
    assert set(text["200"]["content"]) == {"text/plain"}
    assert set(text["404"]["content"]) == {"application/json"}
    player = shapes["NewGame"]["properties"]["players"]["items"]
    assert player["pattern"].startswith("^[A-Za-z0-9_.") and player["maxLength"] == 16


def test_a_flood_of_hint_requests_is_accounted_as_searches_joined(own_daemon: Daemon) -> None:
    own_daemon.place_workers(SETUP)
    with ThreadPoolExecutor(max_workers=12) as pool:
        answers = list(
            pool.map(
                lambda _: own_daemon.http.post("/api/hint", headers=own_daemon.auth), range(60)
            )
        )
    assert {answer.status_code for answer in answers} == {202}
    metrics = _metrics(own_daemon)
    assert (
        metrics["santorini_hint_searches_total"] + metrics["santorini_hint_requests_joined_total"]
        == 60
    )
    assert metrics["santorini_hint_failures_total"] == 0
    own_daemon.wait_state(lambda s: s["hint"] is not None, "the hint")
    assert 0 < _metrics(own_daemon)["santorini_hint_table_entries"] <= TABLE_ENTRIES


def _metrics(daemon: Daemon) -> dict[str, float]:
    lines = daemon.http.get("/metrics").text.splitlines()
    return {line.split()[0]: float(line.split()[1]) for line in lines if not line.startswith("#")}
