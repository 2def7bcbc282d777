"""A remote seat's invitation through a reverse proxy with TLS on the same machine (the
documented setup): the daemon answers only to its `allowed_hosts`, the invitation's
address is the proxy's https one, and reads need a token once `public_reads` is off."""

from __future__ import annotations

from pathlib import Path

from tests.daemon.harness import Daemon

PROXIED = {"Host": "board.example.org", "X-Forwarded-Proto": "https"}


def test_the_invitation_through_the_proxy_has_its_https_address(tmp_path: Path) -> None:
    env = {
        "SANTORINI_HW_ALLOWED_HOSTS": "board.example.org",
        "SANTORINI_HW_PUBLIC_READS": "false",
    }
    daemon = Daemon(tmp_path / "state", env).start()
    try:
        daemon.post("games", {"players": ["A", "B"], "seats": {"B": {"kind": "remote"}}})
        headers = {**daemon.auth, **PROXIED}
        answer = daemon.http.post("/api/seats/B/invite", headers=headers)
        assert answer.status_code == 201
        invitation = answer.json()
        assert invitation["url"].startswith("https://board.example.org/play.html#seat=B&token=")
        assert daemon.http.get("/api/state", headers=PROXIED).status_code == 401
        seat = {"Authorization": f"Bearer {invitation['token']}", **PROXIED}
        assert daemon.http.get("/api/state", headers=seat).status_code == 200
        stranger = {**daemon.auth, "Host": "evil.example.com"}
        assert daemon.http.get("/api/state", headers=stranger).status_code == 400
    finally:
        daemon.close()
