"""Who plays each colour: a person at the board or the engine at a level, and the turn
the board shows for a seat that is not at the board (see docs/develop/seats.md)."""
