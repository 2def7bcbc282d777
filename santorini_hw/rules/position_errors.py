"""The two ways position JSON can be refused: malformed, or outside what the rules play."""

from __future__ import annotations


class PositionError(ValueError):
    """Position JSON that is malformed or describes an impossible position."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field


class UnsupportedPositionError(PositionError):
    """A well-formed position the rules refuse to play (contract v2, section 5): a god
    barred at this player count, the same advanced god twice, a refused pairing."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(field, problem)
        self.problem = problem

    @property
    def reason(self) -> str:
        """The contract's answer text: ``unsupported: ...``."""
        return f"unsupported: {self.problem}"
