"""The guided calibration: `CalibrationProcedure` walked through with an actor and the lights.

Step by step the cell to load is lit, the actor builds the stack the procedure asks
for, and once the board has settled the cell's raw readings are fed to the
procedure. `procedure.table()` then refuses a cell whose stacks are not separable
(a `CalibrationError` naming them), so an unusable table is never saved.
"""

from __future__ import annotations

from collections.abc import Callable

from santorini_hw.checks.rig import Actor, Rig, light
from santorini_hw.rules.cells import cell_name
from santorini_hw.sensing.calibration import CalibrationError, CalibrationTable
from santorini_hw.sensing.calibration_procedure import CalibrationProcedure

HOLD_S = 0.25
"""How long (on the rig's clock) a cell's reading must hold before it is sampled: long
enough for contacts to stop bouncing and for the bridge to report the new stack."""


async def run_calibration(
    rig: Rig,
    actor: Actor,
    procedure: CalibrationProcedure,
    report: Callable[[str], None],
) -> CalibrationTable:
    """Walk every step of `procedure` with `actor`; the calibrated table."""
    try:
        while (step := procedure.step) is not None:
            done, total = procedure.progress
            report(f"[{done + 1}/{total}] {step}")
            light(rig, step.cell)
            await actor.build(step.cell, step.level, step.dome)
            await _hold(rig, actor, step.cell)
            while procedure.step == step:
                await rig.settle()
                reading = rig.stack_reading(step.cell)
                if reading is None:
                    raise CalibrationError("the bridge went away during calibration")
                procedure.add_samples([reading])
    finally:
        light(rig, None)
    return procedure.table()


async def _hold(rig: Rig, actor: Actor, cell: int) -> None:
    """Wait until the board is settled and the cell's raw reading has held for `HOLD_S`
    (at most the actor's patience)."""
    clock = rig.clock
    deadline = clock.monotonic() + actor.patience
    held: tuple[int, float] | None = None
    while True:
        observation = await rig.settle()
        reading, now = rig.stack_reading(cell), clock.monotonic()
        if not observation.settled or reading is None:
            held = None
        elif held is None or held[0] != reading:
            held = (reading, now)
        elif now - held[1] >= HOLD_S:
            return
        if now >= deadline:
            raise CalibrationError(f"{cell_name(cell)}: no steady reading from the bridge")
