def board_score(
    weights: bytes, board: tuple[int, int, int, int], mine: int, theirs: int
) -> int: ...
def build_change(
    weights: bytes,
    board: tuple[int, int, int, int],
    built: tuple[int, int, int, int],
    mine: int,
    theirs: int,
) -> int: ...
