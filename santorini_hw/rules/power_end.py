"""The end of an advanced turn (contract v2, section 2, steps 4 and 5): Medusa's
petrification, Chaos' draw, Morpheus' tokens, Dionysus' owed turns and Chronus' win
when they end, Athena's block, Circe's test, and who moves next."""

from __future__ import annotations

from santorini_hw.rules.cards import CardState, fresh_deck, holder
from santorini_hw.rules.cells import NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position
from santorini_hw.rules.power_builds import complete_towers, limus_ban
from santorini_hw.rules.power_moves import remove_worker
from santorini_hw.rules.power_state import PowerTurn, athena_after
from santorini_hw.rules.turn_state import TurnState


def petrify(state: TurnState) -> tuple[Position, PowerTurn]:
    """Medusa: every opponent worker lower than a neighbouring worker of hers becomes a
    block, in cell order, unless Limus forbids the block (the worker then stays)."""
    board, power = state.board, state.power
    assert power is not None
    mine = board.workers[board.side]
    victims = [
        cell
        for cell in cells_of(board.occupied & ~mine)
        if any(board.height(n) > board.height(cell) for n in cells_of(NEIGHBOURS[cell] & mine))
    ]
    for cell in victims:
        if limus_ban(state._replace(board=board), -1) >> cell & 1:
            continue
        board, power = remove_worker(board, power, cell)
        board = board.with_block(cell)
        if power.winner >= 0:
            break
    return board, power


def close(state: TurnState) -> tuple[Position, int]:
    """The position after the turn and the index of its winner (-1: nobody)."""
    power = state.power
    assert power is not None
    powers = power.powers
    board = state.board
    if power.winner < 0 and powers.god is God.MEDUSA:
        board, power = petrify(state)
    winner = power.winner
    me = board.to_move
    lineup = board.lineup
    cards = board.cards or CardState()
    chaos_power, deck = cards.chaos_power, cards.chaos_deck
    chaos = holder(lineup.gods, God.CHAOS)
    if chaos >= 0 and power.domed and winner < 0:
        if not deck:
            deck = fresh_deck(lineup.gods, chaos)
        chaos_power, deck = deck[0], deck[1:]
    tokens = powers.tokens - state.builds if powers.god is God.MORPHEUS else cards.tokens
    owed = 0
    if winner < 0 and powers.additional:
        owed = 0 if power.passed else cards.extra_turns - 1 + power.towers
    elif winner < 0 and powers.god is God.DIONYSUS:
        owed = power.towers
    following = me if owed else board.next_player()
    if powers.additional and not owed and winner < 0:
        chronus = holder(powers.gods, God.CHRONUS)
        if chronus >= 0 and complete_towers(board) >= 5:
            winner = chronus
    athena = athena_after(
        powers, (me, following), board.athena, moved_up=state.moved_up, out=board.out
    )
    circe = powers.circe and lineup.gods[me] is God.CIRCE
    result_cards = CardState(power.female, tokens, chaos_power, deck, circe, owed)
    result = board._replace(to_move=following, athena=athena, cards=result_cards)
    return result, winner
