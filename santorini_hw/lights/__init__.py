"""The board speaks: scenes (what to show) -> frames (what each pixel shows) -> strips."""
