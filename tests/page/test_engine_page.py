"""The page's part of a game against the engine, in headless Chromium at desktop and
phone widths: any colour seated as the engine at a level in the setup, the engine's
thinking and its shown turn drawn on the board and said in words, that turn carried out
by clicks on the virtual board, undo refused with its reason before the person has
played, and players' names chosen in the setup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.daemon.harness import Daemon
from tests.page.browser import open_page, serious_violations
from tests.page.play import SIZES, click, fresh_game, shot

CARRIED = '.cell[data-mark^="carry"]'


def set_up(page: Page, seats: dict[str, str], names: dict[str, str]) -> None:
    """Two players, no gods, no clock; each colour's seat ("person" or a level) and name,
    chosen beside the steps once the number of players is confirmed."""
    page.click("#setup-start")
    for option, step in (("2", "procedure"), ("no_gods", "clock"), ("off", None)):
        if option == "no_gods":
            for colour, seat in seats.items():
                page.select_option(f'#seats select[data-seat="{colour}"]', seat)
            for colour, name in names.items():
                page.fill(f'#seats input[data-player="{colour}"]', name)
                page.press(f'#seats input[data-player="{colour}"]', "Tab")
        page.click(f'[data-option="{option}"]')
        expect(page.locator(f'[data-option="{option}"]')).to_have_attribute("aria-pressed", "true")
        page.click("#setup-confirm")
        if step is not None:
            expect(page.locator("#setup-step")).to_have_attribute("data-step", step)
    expect(page.locator("#setup-start")).to_be_visible()


def carry_out(page: Page, daemon: Daemon, steps: int) -> None:
    """Click each cell the page marks for the engine's turn, one step at a time."""
    for _ in range(steps):
        marked = page.locator(CARRIED)
        expect(marked).to_have_count(1)
        cell = marked.get_attribute("data-cell") or ""
        kind = marked.get_attribute("data-mark") or ""
        click(page, cell)
        expect(page.locator(f'[data-cell="{cell}"]')).not_to_have_attribute("data-mark", kind)


def own_turn(page: Page) -> None:
    """A person's plain turn by clicks: the first movable worker, its first move, a build."""
    for mark in ("movable", "move", "build"):
        cell = page.locator(f'.cell[data-mark="{mark}"]').first
        expect(cell).to_be_visible()
        cell.click()


def placed(daemon: Daemon, count: int) -> dict[str, Any]:
    return daemon.wait_state(
        lambda s: sum(map(len, s["position"]["workers"].values())) == count, f"{count} placed"
    )


@SIZES
def test_the_setup_seats_b_as_the_engine_at_level_2_and_its_placement_is_shown(
    daemon: Daemon, size: tuple[int, int], tmp_path: Path
) -> None:
    daemon.post("sim/clear")
    with open_page(daemon, size=size) as page:
        expect(page.locator("#connection")).to_have_text("live")
        set_up(page, {"B": "2"}, {})
        state = daemon.state()
        assert state["seats"] == {"A": {"kind": "person"}, "B": {"kind": "engine", "level": 2}}
        expect(page.locator("#turn-cue")).to_contain_text("A places a worker")
        click(page, "a1")
        placed(daemon, 1)
        click(page, "e1")
        expect(page.locator("#turn-cue")).to_contain_text("B places a worker (the engine, level 2)")
        shown = daemon.wait_state(lambda s: s["awaiting"] is not None, "the placement shown")
        first = shown["awaiting"]["turn"]["actions"][0]
        assert shown["awaiting"]["placement"] and shown["awaiting"]["next"] == [
            {"cell": first, "kind": "carry_place", "player": "B"}
        ]
        expect(page.locator("#status .step")).to_have_text(
            f"Carry out the engine's turn: place its worker on {first}"
        )
        target = page.locator(f'[data-cell="{first}"]')
        expect(target).to_have_attribute("data-mark", "carry_place")
        expect(target).to_have_attribute(
            "aria-label", f"{first}, level 0, place a worker here for the engine"
        )
        expect(page.locator(CARRIED)).to_have_count(1)
        expect(page.locator("#legend")).to_contain_text("the engine's turn")
        shot(page, tmp_path, f"engine-placement-{size[0]}")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= size[0]


@SIZES
def test_a_whole_engine_turn_is_carried_out_by_clicks_and_recorded(
    board: Daemon, size: tuple[int, int], tmp_path: Path
) -> None:
    fresh_game(board, seats={"B": {"kind": "engine", "level": 1}})
    with open_page(board, size=size) as page:
        for cell, count in (("a1", 1), ("e1", 2)):
            click(page, cell)
            placed(board, count)
        carry_out(page, board, 2)  # the engine's two workers
        state = placed(board, 4)
        expect(page.locator("#turn-cue")).to_contain_text("A to play")
        own_turn(page)
        shown = board.wait_state(lambda s: s["awaiting"] is not None, "the engine's turn shown")
        move, build = shown["awaiting"]["turn"]["actions"]
        source, destination = move.split("-")
        expect(page.locator("#status .step")).to_have_text(
            f"Carry out the engine's turn: lift the worker on {source}"
        )
        expect(page.locator(f'[data-cell="{source}"]')).to_have_attribute(
            "data-mark", "carry_worker"
        )
        shot(page, tmp_path, f"engine-turn-{size[0]}")
        assert serious_violations(page) == []
        click(page, source)
        expect(page.locator("#status .step")).to_have_text(
            f"Carry out the engine's turn: put it down on {destination}"
        )
        expect(page.locator(f'[data-cell="{destination}"]')).to_have_attribute(
            "data-mark", "carry_move"
        )
        click(page, destination)
        expect(page.locator("#status .step")).to_have_text(
            f"Carry out the engine's turn: build on {build}"
        )
        click(page, build)
        state = board.wait_state(lambda s: len(s["record"]) == 4, "the engine's turn recorded")
        assert (
            state["record"][-1]["player"] == "B"
            and state["record"][-1]["text"] == f"{move} {build}"
        )
        assert state["awaiting"] is None
        expect(page.locator(CARRIED)).to_have_count(0)
        expect(page.locator("#turn-cue")).to_contain_text("A to play")


def test_names_chosen_in_the_setup_are_the_games_players_on_every_page(
    daemon: Daemon, tmp_path: Path
) -> None:
    daemon.post("sim/clear")
    with open_page(daemon) as page:
        expect(page.locator("#connection")).to_have_text("live")
        set_up(page, {}, {"A": "Ann Lee", "B": "Bo"})
        state = daemon.state()
        assert state["players"] == ["Ann Lee", "Bo"]
        expect(page.locator("#turn-cue")).to_contain_text("Ann Lee places a worker")
    with open_page(daemon) as second:
        expect(second.locator("#turn-cue")).to_contain_text("Ann Lee places a worker")
        click(second, "a1")
        expect(second.locator('[data-cell="a1"]')).to_have_attribute(
            "aria-label", "a1, level 0, worker of Ann Lee"
        )
        expect(second.locator('[data-cell="a1"] .worker')).to_have_text("AL")  # fits the disc
        shot(second, tmp_path, "names")


def test_a_name_being_typed_keeps_its_focus_and_is_sent_when_the_setup_redraws(
    daemon: Daemon,
) -> None:
    """Another page (or the board) changing a seat redraws the setup while a name is being
    typed: the field keeps its focus and text, and the name reaches the daemon."""
    daemon.post("sim/clear")
    with open_page(daemon) as page:
        expect(page.locator("#connection")).to_have_text("live")
        page.click("#setup-start")
        page.click('[data-option="2"]')
        page.click("#setup-confirm")
        expect(page.locator("#setup-step")).to_have_attribute("data-step", "procedure")
        name = page.locator('#seats input[data-player="B"]')
        name.click()
        name.press_sequentially("Bo")
        daemon.post("menu/seats", {"seats": {"A": {"kind": "engine", "level": 3}}})
        expect(page.locator('#seats select[data-seat="A"]')).to_have_value("3")
        expect(name).to_be_focused()
        expect(name).to_have_value("Bo")
        page.keyboard.press("Tab")
        state = daemon.wait_state(lambda s: s["menu"]["names"].get("B") == "Bo", "B named Bo")
        assert state["menu"]["seats"]["A"] == {"kind": "engine", "level": 3}


@SIZES
def test_the_boards_own_seat_steps_read_as_words_on_the_page(
    daemon: Daemon, size: tuple[int, int], tmp_path: Path
) -> None:
    with open_page(daemon, size=size) as page:
        expect(page.locator("#connection")).to_have_text("live")
        page.click("#setup-start")
        expect(page.locator('[data-option="vs_engine"] strong')).to_have_text("Against the engine")
        card = page.locator('[data-option="seats_2"]')
        expect(card).to_contain_text("2 players, seated on the board")
        expect(card).to_contain_text("on the board: e1")
        card.click()
        page.click("#setup-confirm")
        for colour, option in (("A", "person"), ("B", "3")):
            expect(page.locator("#setup-step")).to_have_text(f"Who plays {colour}?")
            expect(page.locator("#seats")).to_have_count(0)  # the step asks it already
            page.click(f'[data-option="{option}"]')
            shot(page, tmp_path, f"seat-step-{colour}-{size[0]}")
            page.click("#setup-confirm")
        expect(page.locator("#setup-step")).to_have_attribute("data-step", "procedure")
        expect(page.locator('#seats select[data-seat="B"]')).to_have_value("3")
        shot(page, tmp_path, f"who-plays-{size[0]}")
        assert daemon.state()["menu"]["seats"] == {"B": {"kind": "engine", "level": 3}}
        assert serious_violations(page) == []
        assert page.evaluate("document.scrollingElement.scrollWidth") <= size[0]


def test_undo_before_the_person_has_played_says_why_it_was_not_done(board: Daemon) -> None:
    fresh_game(board, seats={"A": {"kind": "engine", "level": 1}})  # the engine places first
    not_yet = (
        "no person at the board has played yet: the engine's turns are taken back only with"
        " the person's turn before them"
    )
    with open_page(board) as page:
        page.click("[data-button=undo]")
        expect(page.locator("#message")).to_have_text(
            "Undo failed: nothing has been played yet: there is no turn to take back"
        )
        carry_out(page, board, 2)  # the engine's two workers
        placed(board, 2)
        page.click("[data-button=undo]")
        expect(page.locator("#message")).to_have_text(f"Undo failed: {not_yet}")
        board.post("sim/press", {"button": "undo"})  # the board's own button
        expect(page.locator("#message")).to_have_text(f"Not done: undo: {not_yet}")
        assert not board.state()["undo_pending"]


RECORD_THINKING = """() => {
  window.thinkingDrawn = [];
  document.addEventListener("santorini:state", () => {
    const shown = document.querySelector("#status .thinking");
    if (!shown) return;
    const bar = shown.querySelector("progress");
    window.thinkingDrawn.push({text: shown.textContent, value: bar.value, max: bar.max});
  });
}"""


def test_how_far_the_engine_got_is_drawn_while_it_thinks(board: Daemon) -> None:
    fresh_game(board, seats={"B": {"kind": "engine", "level": 10}})
    with open_page(board) as page:
        for cell, count in (("a1", 1), ("e1", 2)):
            click(page, cell)
            placed(board, count)
        carry_out(page, board, 2)  # a placement is chosen without a search
        placed(board, 4)
        page.evaluate(RECORD_THINKING)  # every state the page draws from here on
        own_turn(page)
        board.wait_state(lambda s: s["awaiting"] is not None, "the engine's turn shown")
        # The daemon answers before the page has drawn every state it was sent: read the
        # record once the page shows the answer, which comes after all the thinking.
        expect(page.locator(CARRIED)).to_have_count(1)
        drawn = page.evaluate("window.thinkingDrawn")
        assert drawn and drawn[0] == {"text": " 0 of 4,357 nodes", "value": 0, "max": 4357}
        further = [d for d in drawn if d["value"] > 0]  # reported while it searched
        assert further and all(0 < d["value"] <= d["max"] == 4357 for d in further)
        assert further[0]["text"] == f" {further[0]['value']:,} of 4,357 nodes"
        expect(page.locator("#status .thinking")).to_have_count(0)  # gone once it answered
