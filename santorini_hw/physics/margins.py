"""The board's sensing margins in one report: worker fields per level and stack separation.

`margins(path)` reads a board config and answers the contract of `santorini-hw hardware
margins --json` (docs/develop/contracts.md): for each level the worst-case field a worker makes at
its switch against the switch's datasheet points, and for the stack sensors how many
states a cell can hold, how far apart the closest two are (in sigmas), and how deep
inside its default calibration band each state's spread sits (`bands_cover_sigma`).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from santorini_hw.hardware.config import Stacks, load_hardware_config
from santorini_hw.physics.design_candidates import (
    WORKER_OHMS,
    candidates,
    worker_resistor_candidate,
)
from santorini_hw.physics.stack_tolerance import StackReport, analyse, load_stack_tolerance
from santorini_hw.physics.worker_field import load_worker_field

REQUIRED_OPERATE = 2.0
"""Operate margin a design needs on every level (the issue's requirement)."""
REQUIRED_RELEASE = 2.0
"""Release margin: B_RP (min) over the worst field left when the worker has gone."""
REQUIRED_SIGMA = 6.0
"""Sigmas between neighbouring stacks, and from a state's mean to its band's edges."""


def bands_cover(stacks: Stacks, report: StackReport) -> float:
    """The fewest sigmas from any state's mean to an edge of its default band (0 when
    a state has no band or its mean lies outside it)."""
    worst = math.inf
    for spread in report.states:
        state = spread.state
        band = next(
            (b for b in stacks.bands if (b.level, b.dome) == (state.level, state.dome)), None
        )
        if band is None or state.worker is not None:
            return 0.0
        depth = min(spread.mean - band.low, band.high - spread.mean)
        worst = min(worst, max(0.0, depth) / max(spread.sigma, 1e-9))
    return worst


def margins(
    path: Path | str | None = None, *, seed: int = 1, samples: int = 2000
) -> dict[str, Any]:
    """The margins report of the board config at `path` (default: board.toml)."""
    field = load_worker_field(path)
    stacks = load_hardware_config(path).stacks
    report = analyse(stacks, load_stack_tolerance(path), seed=seed, samples=samples)
    rows = field.margins()
    return {
        "worker": [row.to_json() for row in rows],
        "stacks": {**report.to_json(), "bands_cover_sigma": round(bands_cover(stacks, report), 2)},
        "parts": {
            "sensor": field.sensor.part,
            "magnet": field.magnet.part,
            "sensors_in_blocks": field.sensors_in_blocks,
        },
        "ok": (
            all(row.margin >= REQUIRED_OPERATE for row in rows)
            and all(row.release_margin >= REQUIRED_RELEASE for row in rows)
            and report.worst_separation >= REQUIRED_SIGMA
            and bands_cover(stacks, report) >= REQUIRED_SIGMA
        ),
    }


def format_margins(data: dict[str, Any]) -> str:
    """The report as text: one line per level, then the stacks."""
    lines = [f"sensor {data['parts']['sensor']}, magnet {data['parts']['magnet']}"]
    for row in data["worker"]:
        lines.append(
            f"level {row['level']}: {row['field_mT']:.3f} mT vs B_OP {row['operate_mT']} mT "
            f"-> margin {row['margin']:.3f}; worker gone {row['released_field_mT']:.3f} mT "
            f"vs B_RP {row['release_mT']} mT -> release margin {row['release_margin']:.3f}"
        )
    stacks = data["stacks"]
    lines.append(
        f"stacks: {stacks['states']} states, worst separation "
        f"{stacks['worst_separation_sigma']} sigma ({' / '.join(stacks['worst_pair'])}), "
        f"default bands cover {stacks['bands_cover_sigma']} sigma"
    )
    lines.append("ok" if data["ok"] else "NOT OK: a margin is short (see above)")
    return "\n".join(lines)


def format_candidates(path: Path | str | None = None, *, samples: int = 500) -> str:
    """The design comparison as a markdown table (the one in docs/build/sensors.md)."""
    lines = [
        "| Design | L0 | L1 | L2 | L3 | Release |",
        "|---|---|---|---|---|---|",
    ]
    for candidate in candidates(load_worker_field(path)):
        cells = " | ".join(f"{row.margin:.2f}" for row in candidate.margins)
        lines.append(f"| {candidate.name} | {cells} | {candidate.release:.2f} |")
    report = worker_resistor_candidate(
        load_hardware_config(path).stacks, load_stack_tolerance(path), samples=samples
    )
    ohms = ", ".join(f"{player} {value / 1000:g} kΩ" for player, value in WORKER_OHMS.items())
    lines.append(
        f"\nWorkers in the stack network ({ohms}, today's block resistors): "
        f"{len(report.states)} states, worst separation {report.worst_separation:.1f} sigma "
        f"({' / '.join(report.worst_pair)})."
    )
    return "\n".join(lines)
