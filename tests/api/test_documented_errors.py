"""Errors as documented (issue 32): a body that cannot be read as JSON, a game id that is
not plain digits and a god given twice are 422s naming the problem; OPTIONS and a wrong
method on an API route name the route's own methods. One live daemon for the module."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.daemon.harness import Daemon


@pytest.fixture
def daemon(shared_daemon: Daemon) -> Daemon:
    return shared_daemon


def post_body(daemon: Daemon, body: bytes) -> httpx.Response:
    headers = {**daemon.auth, "Content-Type": "application/json"}
    return daemon.http.post("/api/games", content=body, headers=headers)


def body_problem(response: httpx.Response) -> str:
    assert response.status_code == 422, response.text
    [problem] = response.json()["detail"]
    assert problem["loc"] == ["body"]
    return str(problem["msg"])


def test_a_body_that_is_not_utf8_is_a_422_naming_the_byte(daemon: Daemon) -> None:
    message = body_problem(post_body(daemon, b'{"players": ["\xff\xfe", "B"]}'))
    assert message == "the body is not UTF-8 text (byte 0xff at 14)"


def test_a_body_nested_30000_deep_is_a_422(daemon: Daemon) -> None:
    deep = b"[" * 30_000 + b"]" * 30_000  # 60 kB: under the 64 KiB limit
    assert body_problem(post_body(daemon, deep)) == "the body's JSON is nested too deeply"


def test_a_number_of_5000_digits_is_a_422(daemon: Daemon) -> None:
    body = b'{"players": ["A", "B"], "clock": ' + b"9" * 5_000 + b"}"
    message = body_problem(post_body(daemon, body))
    assert message == "a number in the body has more than 4300 digits"


def test_a_body_cut_short_is_still_a_422_at_its_position(daemon: Daemon) -> None:
    response = post_body(daemon, b'{"players": ')
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"] == ["body", 12]


@pytest.mark.parametrize("written", ["1.0", "1%20", "+1", "01", "1e0", "0x1", "%201", "1_0"])
@pytest.mark.parametrize("route", ["", "/export.json", "/export.txt", "/analysis"])
def test_a_game_id_not_written_in_plain_digits_is_a_422(
    daemon: Daemon, written: str, route: str
) -> None:
    assert daemon.http.get(f"/api/games/1{route}").status_code == 200
    response = daemon.http.get(f"/api/games/{written}{route}")
    assert response.status_code == 422, response.text
    [problem] = response.json()["detail"]
    assert problem["loc"] == ["path", "game_id"]
    assert "positive whole number in plain digits" in problem["msg"]


def test_game_zero_and_ids_beyond_64_bits_are_out_of_range(daemon: Daemon) -> None:
    for written in ("0", "9" * 19, "1" * 20):
        response = daemon.http.get(f"/api/games/{written}")
        assert response.status_code == 422, (written, response.text)
        assert response.json()["detail"][0]["loc"] == ["path", "game_id"]


@pytest.mark.parametrize(
    ("path", "allow"),
    [
        ("/api/games", "GET, OPTIONS, POST"),
        ("/api/games/1", "GET, OPTIONS"),
        ("/api/games/1/export.txt", "GET, OPTIONS"),
        ("/api/undo", "OPTIONS, POST"),
        ("/api/menu", "DELETE, OPTIONS, POST"),
        ("/api/state", "GET, OPTIONS"),
        ("/metrics", "GET, OPTIONS"),
    ],
)
def test_options_answers_with_the_routes_own_methods(daemon: Daemon, path: str, allow: str) -> None:
    response = daemon.http.options(path)
    assert (response.status_code, response.headers["allow"]) == (204, allow)


def test_a_method_a_route_does_not_take_is_a_405_naming_those_it_does(daemon: Daemon) -> None:
    response = daemon.http.put("/api/state", headers=daemon.auth)
    assert (response.status_code, response.headers["allow"]) == (405, "GET, OPTIONS")
    response = daemon.http.delete("/api/games", headers=daemon.auth)
    assert (response.status_code, response.headers["allow"]) == (405, "GET, OPTIONS, POST")


def test_options_on_a_path_no_route_has_is_a_404(daemon: Daemon) -> None:
    assert daemon.http.options("/api/nothing-here").status_code == 404


def test_the_pages_files_keep_their_own_methods(daemon: Daemon) -> None:
    response = daemon.http.options("/")
    assert (response.status_code, response.headers["allow"]) == (405, "GET, HEAD")


def new_game(daemon: Daemon, body: dict[str, Any]) -> httpx.Response:
    return daemon.http.post("/api/games", json=body, headers=daemon.auth)


@pytest.mark.parametrize(
    "gods",
    [["Apollo", "apollo"], ["Pan", "Pan", "Pan", "Pan"], ["Atlas", "Pan", "ATLAS"]],
)
def test_a_god_given_twice_is_refused_with_422(daemon: Daemon, gods: list[str | None]) -> None:
    players = ["A", "B", "C", "D"][: len(gods)]
    before = daemon.state()["game_id"]
    response = new_game(daemon, {"players": players, "selection": "given", "gods": gods})
    assert response.status_code == 422, response.text
    [problem] = response.json()["detail"]
    assert problem["loc"] == ["body", "gods"]
    assert "given twice: there is one card of each god" in problem["msg"]
    assert daemon.state()["game_id"] == before  # nothing was started


def test_players_without_gods_may_be_several(daemon: Daemon) -> None:
    body = {"players": ["A", "B"], "selection": "given", "gods": [None, None]}
    response = new_game(daemon, body)
    assert response.status_code == 201, response.text
    assert response.json()["state"]["gods"] == {"A": None, "B": None}
