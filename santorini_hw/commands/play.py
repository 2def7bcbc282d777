"""`santorini-hw play`: a game in the terminal on the rules core.

Two people at one keyboard, or one person against a built-in opponent. Turns are typed
in the project's notation (``c3-c4 b4``); bad input gets a message and another try.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from typing import Any, TextIO

from santorini_hw.commands.god_option import GODS_HELP, two_gods
from santorini_hw.commands.textboard import draw_board
from santorini_hw.hints.baselines import greedy_player, random_player
from santorini_hw.rules.actions import NotationError, actions_text, parse_actions
from santorini_hw.rules.cells import CELL_COUNT, CellError, parse_cell
from santorini_hw.rules.game import Game, GameError, Phase
from santorini_hw.rules.gods import UnknownGodError
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import IllegalActionError
from santorini_hw.rules.turns import Turn, generate_turns

Opponent = Callable[[Position, random.Random], Turn | None]
OPPONENTS: dict[str, Opponent] = {"greedy": greedy_player, "random": random_player}
HELP = (
    "Type a turn like 'c3-c4 b4' (move, then build; 'b4X' builds a dome), 'moves' to list "
    "legal turns, 'undo' to take back, 'quit' to stop."
)
INPUT_ERRORS = (NotationError, CellError, IllegalActionError, GameError)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("play", help="play a game in the terminal")
    parser.add_argument(
        "--opponent",
        choices=["human", *OPPONENTS],
        default="greedy",
        help="who plays B: another person at this keyboard, or a built-in player (default greedy)",
    )
    parser.add_argument(
        "--gods",
        default="none",
        help=GODS_HELP,
    )
    parser.add_argument("--seed", type=int, default=None, help="seed for the built-in player")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    try:
        gods = two_gods(args.gods, rng)
    except UnknownGodError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    opponent = OPPONENTS.get(args.opponent)
    return TerminalGame(Game.new(("A", "B"), gods), opponent, rng).play()


class TerminalGame:
    def __init__(
        self,
        game: Game,
        opponent: Opponent | None,
        rng: random.Random,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
    ) -> None:
        self.game = game
        self.opponent = opponent
        self.rng = rng
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout

    def say(self, text: str) -> None:
        print(text, file=self.stdout, flush=True)

    def ask(self, prompt: str) -> str | None:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        return None if not line else line.strip()

    def is_computer(self, player: str) -> bool:
        return self.opponent is not None and player == "B"

    def play(self) -> int:
        lineup = self.game.lineup
        gods = ", ".join(
            f"{p}: {g.value if g else 'no god'}"
            for p, g in zip(lineup.players, lineup.gods, strict=True)
        )
        self.say(f"Santorini — {gods}. {HELP}")
        while self.game.phase is not Phase.OVER:
            self.say("")
            self.say(draw_board(self.game.board))
            player = self.game.player
            if self.is_computer(player):
                self.computer_moves()
                continue
            line = self.ask(self.prompt(player))
            if line is None or line == "quit":
                self.say("Bye.")
                return 0
            self.human_input(line)
        self.say("")
        self.say(draw_board(self.game.board))
        self.say(f"{self.game.winner} wins!")
        return 0

    def prompt(self, player: str) -> str:
        if self.game.phase is Phase.PLACEMENT:
            return f"{player}, place a worker (a cell like c3): "
        return f"{player} to play: "

    def human_input(self, line: str) -> None:
        game = self.game
        try:
            if line == "moves":
                turns = generate_turns(game.position) if game.phase is Phase.PLAY else []
                listed = ", ".join(actions_text(t.actions) for t in turns[:30])
                self.say(f"{len(turns)} legal turns: {listed}{' …' if len(turns) > 30 else ''}")
            elif line == "undo":
                game.undo()
                while self.is_computer(game.player) and game.record:
                    game.undo()
            elif line in ("help", "?"):
                self.say(HELP)
            elif game.phase is Phase.PLACEMENT:
                for token in line.split():
                    game.place(parse_cell(token))
            else:
                game.play_turn(parse_actions(line))
        except INPUT_ERRORS as error:
            self.say(f"Sorry: {error}")

    def computer_moves(self) -> None:
        game = self.game
        assert self.opponent is not None
        if game.phase is Phase.PLACEMENT:
            free = [c for c in range(CELL_COUNT) if game.placements() >> c & 1]
            cell = self.rng.choice(free)
            game.place(cell)
            return
        turn = self.opponent(game.position, self.rng)
        if turn is None:  # cannot happen: the game ends before a trapped player's turn
            raise GameError("the built-in player has no legal turn")
        game.play_turn(turn.actions)
        self.say(f"{game.record[-1].player} plays {actions_text(turn.actions)}")
