"""Design-time sensing physics: magnet fields, flux guides, stack tolerance and margins.

The daemon never imports this package: it answers "will these parts work?" for the
hardware commands, the build guide and the simulator's switches, not "what is on the board?".
"""
