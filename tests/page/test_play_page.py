"""The live page as players use it, in headless Chromium at desktop and phone widths,
against one simulated daemon: a game by clicks and keys, the board cleared and a new game
set up without a reload, undo carried out by the simulator, an illegal move explained by
its rule, a failed press explained, and the screenshots of each."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.api.browser import browser_page
from tests.daemon.harness import Daemon
from tests.page.browser import DESKTOP, open_page, tap_during_a_redraw
from tests.page.play import SIZES, click, fresh_game, game_in_play, shot, step


def _place_all(page: Page, daemon: Daemon) -> None:
    for placed, cell in enumerate(("a1", "e1", "a5", "e5"), start=1):  # A, A, B, B
        click(page, cell)
        daemon.wait_state(
            lambda s, n=placed: sum(map(len, s["position"]["workers"].values())) >= n,
            f"{placed} workers placed",
        )


def _keys(page: Page, *keys: str) -> None:
    for key in keys:
        page.keyboard.press(key)


@SIZES
def test_a_game_is_played_by_clicks_and_keys(
    board: Daemon, size: tuple[int, int], tmp_path: Path
) -> None:
    fresh_game(board)
    with open_page(board, size=size) as page:
        expect(page.locator("#turn-cue")).to_contain_text("A places a worker")
        step(page, "Place a worker on a free space")
        expect(page.locator('[data-cell="c3"]')).to_have_attribute("data-mark", "move")
        _place_all(page, board)
        expect(page.locator("#turn-cue")).to_contain_text("A to play")
        step(page, "Move a worker")
        # A's turn by keys only: the cells are buttons in one tab stop (the cell last
        # used, e5), the arrow keys move between them, Enter acts.
        page.click("header h1")
        for _ in range(20):
            _keys(page, "Tab")
            if page.evaluate("document.activeElement.dataset.cell"):
                break
        assert page.evaluate("document.activeElement.dataset.cell") == "e5"
        _keys(page, *["ArrowLeft"] * 4, *["ArrowDown"] * 4, "Enter")  # a1
        expect(page.locator("#hand")).to_contain_text("a worker of A from a1")
        expect(page.locator('[data-cell="b2"]')).to_have_attribute("data-mark", "move")
        expect(page.locator('[data-cell="c3"]')).to_have_attribute("data-mark", "")
        _keys(page, "ArrowUp", "ArrowRight", "Enter")  # b2
        step(page, "Build")
        expect(page.locator('[data-cell="c3"]')).to_have_attribute("data-mark", "build")
        top = page.locator("#board").bounding_box()
        _keys(page, "ArrowUp", "ArrowRight", "Enter")  # c3
        expect(page.locator("#turn-cue")).to_contain_text("B to play")
        assert page.locator("#board").bounding_box() == top, "the board does not jump"
        cell = page.locator('[data-cell="c3"]')
        expect(cell).to_have_attribute("aria-label", "c3, level 1")
        assert page.evaluate("document.activeElement.dataset.cell") == "c3"
        # B by clicks; then A builds c3 to level 2 and B's worker has two cells to choose.
        # Each click waits for the page to show the last one's effect, as a player would
        # (clicks that come quicker are handled in turn: the test at the end of this file).
        for source, destination, build in (("a5", "b4", "c4"), ("b2", "b3", "c3")):
            click(page, source)
            expect(page.locator("#hand")).to_contain_text(f"from {source}")
            click(page, destination)
            step(page, "Build")
            click(page, build)
            played = f"{source}-{destination} {build}"
            board.wait_state(
                lambda s, t=played: any(line["text"] == t for line in s["record"]), played
            )
        expect(page.locator('[data-cell="c3"] .level')).to_have_text("2")
        expect(page.locator('[data-cell="c3"] .ring')).to_have_count(2)
        expect(page.locator('[data-cell="b3"]')).to_have_attribute(
            "aria-label", "b3, level 0, worker of A"
        )
        shot(page, tmp_path, f"play-{size[0]}")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= size[0]
    assert [line["text"] for line in board.state()["record"]][-3:] == [
        "a1-b2 c3",
        "a5-b4 c4",
        "b2-b3 c3",
    ]


@SIZES
def test_the_board_is_cleared_and_a_new_game_set_up_without_a_reload(
    board: Daemon, size: tuple[int, int], tmp_path: Path
) -> None:
    fresh_game(board, clock="60+300")
    with open_page(board, size=size) as page:
        _place_all(page, board)
        expect(page.locator("#clocks .clock")).to_have_count(2)
        page.click("#setup-start")
        expect(page.locator("#abandon")).to_be_visible()  # a game is in progress: asked first
        page.click("#abandon-no")
        expect(page.locator("#abandon")).to_be_hidden()
        assert board.state()["phase"] == "play"
        page.click("#setup-start")
        page.click("#abandon-yes")
        for option, next_step in (("2", "procedure"), ("no_gods", "clock"), ("off", None)):
            card = page.locator(f'[data-option="{option}"]')
            if option == "no_gods":
                expect(card.locator("strong")).to_have_text("No gods")
            if option == "no_gods":  # the players are known from here on: name them
                page.fill('.names input[data-player="A"]', "Ana")
                page.locator('.names input[data-player="A"]').dispatch_event("change")
            card.click()
            expect(card).to_have_attribute("aria-pressed", "true")
            page.click("#setup-confirm")
            if next_step:
                expect(page.locator("#setup-step")).to_have_attribute("data-step", next_step)
        # The new game waits for the old pieces to go: the virtual board clears them at once.
        expect(page.locator("#error")).to_be_visible()
        step(page, "Clear the board: take the last game's pieces off")
        shot(page, tmp_path, f"new-game-uncleared-{size[0]}")
        page.click("#sim-clear")
        expect(page.locator("#error")).to_be_hidden()
        step(page, "Place a worker on a free space")
        expect(page.locator("#turn-cue")).to_contain_text("Ana places a worker")
        assert board.state()["players"] == ["Ana", "B"]  # the game is played by the name
        expect(page.locator("#clocks")).to_be_hidden()  # no clock now: none shown
        expect(page.locator("#moves li")).to_have_count(0)
        shot(page, tmp_path, f"new-game-{size[0]}")


@SIZES
def test_undo_on_the_simulator_sets_the_pieces_back(
    board: Daemon, size: tuple[int, int], tmp_path: Path
) -> None:
    game_in_play(board)
    board.turn("A", "a1-b2", "c3")
    with open_page(board, size=size) as page:
        expect(page.locator("#turn-cue")).to_contain_text("B to play")
        page.click("[data-button=undo]")
        step(page, "Undo: put the pieces back where the lit cells show")
        expect(page.locator("#sim-setup")).to_have_class("suggested")
        shot(page, tmp_path, f"undo-{size[0]}")
        page.click("#sim-setup")
        expect(page.locator("#turn-cue")).to_contain_text("A to play")
        step(page, "Move a worker")
        expect(page.locator('[data-cell="a1"] .worker')).to_have_text("A")
        expect(page.locator('[data-cell="c3"] .level')).to_have_count(0)
    assert [line["kind"] for line in board.state()["record"]] == ["place", "place"]


@SIZES
def test_an_illegal_move_is_explained_by_its_rule_next_to_the_board(
    board: Daemon, size: tuple[int, int], tmp_path: Path
) -> None:
    game_in_play(board)
    for player, move, build in (
        ("A", "a1-a2", "b2"),
        ("B", "a5-b5", "c5"),
        ("A", "a2-a1", "b2"),
        ("B", "b5-a5", "b4"),
    ):
        board.turn(player, move, build)
    board.place("d4")
    with open_page(board, size=size) as page:
        expect(page.locator("#error")).to_be_visible()  # a block before any move
        expect(page.locator("#error-reason")).to_have_text(
            "Not allowed: move a worker first, then build."
        )
        page.click("#sim-setup")
        expect(page.locator("#error")).to_be_hidden()
        click(page, "a1")
        click(page, "b2")  # level 2 from level 0
        expect(page.locator("#error-reason")).to_have_text(
            "Not allowed: a worker cannot climb two levels."
        )
        expect(page.locator("#error-fix")).to_contain_text("b2")
        expect(page.locator(".cell.fix")).to_have_count(1)  # the fix is lit on the board
        board_box = page.locator("#board").bounding_box()
        error_box = page.locator("#error").bounding_box()
        controls = page.locator("#controls").bounding_box()
        assert board_box and error_box and controls
        assert 0 <= error_box["y"] - (board_box["y"] + board_box["height"]) < 40, "by the board"
        assert error_box["y"] < controls["y"], "above the buttons, on a phone too"
        shot(page, tmp_path, f"illegal-{size[0]}")
        page.click("#sim-setup")
        expect(page.locator("#error")).to_be_hidden()


@SIZES
def test_a_failed_press_is_shown_with_its_reason(board: Daemon, size: tuple[int, int]) -> None:
    fresh_game(board)
    with open_page(board, size=size) as page:
        expect(page.locator("#connection")).to_have_text("live")
        page.click("[data-button=hint]")
        expect(page.locator("#message")).to_have_text("Hint failed: no hint during placement")
        message = page.locator("#message").bounding_box()
        assert message is not None and message["y"] < size[1], "on screen, not below the fold"
        click(page, "c3")  # the next command that works clears it
        expect(page.locator("#message")).to_be_hidden()


@SIZES
def test_a_won_game_has_a_banner_and_a_press_after_it_says_why_it_failed(
    board: Daemon, size: tuple[int, int], tmp_path: Path
) -> None:
    board.post("sim/clear")
    game = {"players": ["A", "B"], "selection": "none", "clock": "1+0"}
    board.post("games", game)  # A's one second runs out before any placement
    board.wait_state(lambda s: s["phase"] == "over", "A to lose on time")
    with open_page(board, size=size) as page:
        expect(page.locator("#banner")).to_contain_text("B wins! (A lost on time)")
        expect(page.locator("#turn-cue")).to_be_hidden()
        page.click("[data-button=undo]")
        expect(page.locator("#message")).to_have_text(
            "Undo failed: the game is over and recorded: start a new game"
        )
        page.click("[data-button=hint]")
        expect(page.locator("#message")).to_have_text("Hint failed: the game is over: no hint")
        shot(page, tmp_path, f"won-{size[0]}")
        for button in ("[data-button=done]", "[data-button=undo]", "#setup-start"):
            box = page.locator(button).bounding_box()
            assert box is not None and box["height"] >= 44, "big enough for a thumb"
            assert box["y"] + box["height"] <= size[1], f"{button} above the fold"


def test_without_a_token_the_page_asks_for_it_plainly(board: Daemon) -> None:
    fresh_game(board)
    token = board.auth["Authorization"].removeprefix("Bearer ")
    with browser_page(DESKTOP) as page:
        page.goto(board.url)
        expect(page.locator("#token-needed")).to_be_visible()
        expect(page.locator("#token-needed")).to_contain_text("santorini-hw token")
        expect(page.locator("#turn-cue")).to_contain_text("A places a worker")  # watching works
        page.fill("#token-ask", token)
        page.click("#token-needed button")
        expect(page.locator("#token-needed")).to_be_hidden()
        click(page, "c3")
        board.wait_state(lambda s: s["position"]["workers"]["A"] == ["c3"], "A placed on c3")


def test_demeter_is_told_to_build_again_or_press_done(board: Daemon) -> None:
    board.post("sim/clear")
    game = {"players": ["A", "B"], "selection": "given", "gods": ["Demeter", None]}
    board.post("games", game)
    board.wait_state(lambda s: s["phase"] == "placement" and not s["clearing"], "a new game")
    board.place_workers({"A": ["a1", "e1"], "B": ["a5", "e5"]})
    with open_page(board) as page:
        expect(page.locator("#status .about")).to_contain_text("A: Demeter")
        board.lift("a1")
        board.place("b2", "worker", "A")
        board.place("c3")
        step(page, "Build again or press Done")
        expect(page.locator('[data-cell="c3"]')).not_to_have_attribute("data-mark", "build")
        expect(page.locator('[data-cell="c2"]')).to_have_attribute("data-mark", "build")
        page.click("[data-button=done]")
        expect(page.locator("#turn-cue")).to_contain_text("B to play")
    assert board.state()["record"][-1]["text"] == "a1-b2 c3"


def test_a_second_click_before_the_lift_is_answered_puts_the_worker_down(board: Daemon) -> None:
    """A quick hand: the move's cell clicked before the page has heard back from the lift.
    The page handles clicks in turn, so the worker goes there and no block appears."""
    game_in_play(board)
    with open_page(board) as page:
        step(page, "Move a worker")
        page.evaluate(
            """() => {
              for (const cell of ["a1", "b2"])
                document.dispatchEvent(new CustomEvent("santorini:cell", {detail: cell}));
            }"""
        )
        step(page, "Build")
        expect(page.locator('[data-cell="b2"]')).to_have_attribute(
            "aria-label", "b2, level 0, worker of A"
        )
        expect(page.locator("#hand")).to_have_text("The hand is empty.")


def test_a_tap_on_a_piece_that_straddles_a_redraw_still_counts(board: Daemon) -> None:
    """The cells' pieces are drawn afresh with every state (a light changed, a scan): a
    finger pressed on a cell's label when one lands still places the worker there."""
    fresh_game(board)
    with open_page(board) as page:
        step(page, "Place a worker on a free space")
        tap_during_a_redraw(page, page.locator('[data-cell="c3"] .name'))
        board.wait_state(lambda s: s["position"]["workers"]["A"] == ["c3"], "A placed on c3")
