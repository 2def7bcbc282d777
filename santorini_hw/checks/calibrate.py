"""The guided calibration: `CalibrationProcedure` walked through with an actor and the lights.

Step by step the cell to load is lit, the actor builds the stack the procedure asks
for, and once the cell's raw reading has held still its readings are fed to the
procedure. `procedure.table()` then refuses a cell whose stacks are not separable (a
`CalibrationError` naming them), so an unusable table is never saved.
"""

from __future__ import annotations

from collections.abc import Callable

from santorini_hw.checks.rig import Actor, Rig, light, steady
from santorini_hw.sensing.calibration import CalibrationError, CalibrationTable
from santorini_hw.sensing.calibration_procedure import CalibrationProcedure, CalibrationStep


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
            await _hold(rig, actor, step)
            while procedure.step == step:
                await rig.settle()
                reading = rig.stack_reading(step.cell)
                if reading is None:
                    raise CalibrationError("the bridge went away during calibration")
                procedure.add_samples([reading])
    finally:
        light(rig, None)
    return procedure.table()


async def _hold(rig: Rig, actor: Actor, step: CalibrationStep) -> None:
    """Wait until the step's cell reads the same for a while (the stack stands still)."""
    try:
        await steady(rig, actor.patience, lambda _observation: rig.stack_reading(step.cell))
    except TimeoutError as error:
        raise CalibrationError(f"{step}: no steady reading ({error})") from error
