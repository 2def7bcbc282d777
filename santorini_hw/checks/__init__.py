"""Guided hardware checks (self-test, calibration) that serve the real board and the simulator.

A check drives a `Rig` (the board's scanning and lights) and asks an `Actor` to handle
the pieces: a person at the board (`HumanActor`) or the simulator's hand
(`sim.actor.SimulatedActor`). The checking logic is the same for both.
"""
