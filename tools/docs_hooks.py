"""MkDocs hooks: what the documentation takes from the code at every build.

The lights' legend (docs/play/lights.md) shows each mark as the palette
(`santorini_hw/lights/palette.py`) makes it look: a pixel animated through one cycle of
its pattern and a strip of its colour over three seconds. The wiring diagram is
`hardware/wiring.svg`, itself drawn from `board.toml` (a test keeps it current). Both
are added to the build as generated files, so nothing drawn here is committed and a
change of palette or wiring shows in the next build. The API reference
(docs/develop/reference.md) gets one entry per module of its packages, listed from the
source tree, so a new module is documented without anyone editing the page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from santorini_hw.lights.palette import DEFAULT_PALETTE, RGB, Look, Pattern, Pulse, Steps
from santorini_hw.lights.scenes import PLAYER_ELEMENTS, Element, Fix, Mark

ROOT = Path(__file__).resolve().parents[1]
REFERENCE_PAGE = "develop/reference.md"
REFERENCE_PACKAGES = ("rules", "referee", "sensing", "lights")
LEGEND_DIR = "images/lights"
STRIP_SECONDS = 3.0
SAMPLE_SECONDS = 0.05
"""The strip's and the animation's resolution: finer than any step of a pattern."""
SAMPLE_WIDTH = 2
PIXEL_RADIUS = 9
HEIGHT = 26
BOARD = "#202020"
"""The backdrop: the board around a pixel, so that white shows and dark (off) is black."""


def legend_marks() -> dict[str, Mark]:
    """The mark behind each picture of the legend, by picture name (players: the first)."""
    marks = {
        kind.value: Mark(kind, player=0 if kind in PLAYER_ELEMENTS else None)
        for kind in Element
        if kind is not Element.ERROR
    }
    marks["error-place_worker"] = Mark.error(Fix.PLACE_WORKER, player=0)
    marks["error-remove_piece"] = Mark.error(Fix.REMOVE_PIECE)
    marks["error-wrong_level"] = Mark.error(Fix.WRONG_LEVEL, level=2)
    return marks


def cycle_seconds(pattern: Pattern) -> float:
    """How long the pattern takes to repeat itself."""
    if isinstance(pattern, Pulse):
        return pattern.period
    if isinstance(pattern, Steps):
        return sum(seconds for _, seconds in pattern.steps)
    raise TypeError(f"no cycle known for {pattern!r}")


def _hex(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _pixel(look: Look) -> str:
    """The pixel, animated through one cycle of its pattern (still when it is steady)."""
    period = cycle_seconds(look.pattern)
    frames = max(1, round(period / SAMPLE_SECONDS))
    cycle = [_hex(look.colour(n * period / frames)) for n in range(frames)]
    animation = ""
    if len(set(cycle)) > 1:
        animation = (
            f'<animate attributeName="fill" values="{";".join(cycle)}" dur="{period:g}s" '
            'calcMode="discrete" repeatCount="indefinite"/>'
        )
    return (
        f'<circle cx="{PIXEL_RADIUS + 3}" cy="{HEIGHT // 2}" r="{PIXEL_RADIUS}" '
        f'fill="{cycle[0]}" stroke="#888" shape-rendering="auto">{animation}</circle>'
    )


def _strip(look: Look, x: int) -> list[str]:
    """The colour over time from `x` on: one rectangle per run of a colour (no seams),
    and a tick at every second."""
    samples = round(STRIP_SECONDS / SAMPLE_SECONDS)
    colours = [_hex(look.colour(n * SAMPLE_SECONDS)) for n in range(samples)]
    parts, start = [], 0
    for n in range(1, samples + 1):
        if n == samples or colours[n] != colours[start]:
            left, width = x + start * SAMPLE_WIDTH, (n - start) * SAMPLE_WIDTH
            parts.append(
                f'<rect x="{left}" y="3" width="{width}" height="{HEIGHT - 10}" '
                f'fill="{colours[start]}"/>'
            )
            start = n
    for second in range(int(STRIP_SECONDS) + 1):
        tick = x + round(second / SAMPLE_SECONDS) * SAMPLE_WIDTH
        parts.append(
            f'<line x1="{tick}" y1="{HEIGHT - 5}" x2="{tick}" y2="{HEIGHT}" stroke="#bbb"/>'
        )
    return parts


def legend_svg(look: Look) -> str:
    """An SVG of `look` on a dark board: the pixel, then its colour over three seconds."""
    strip_x = 2 * PIXEL_RADIUS + 10
    width = strip_x + round(STRIP_SECONDS / SAMPLE_SECONDS) * SAMPLE_WIDTH + 4
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{HEIGHT}" '
            f'viewBox="0 0 {width} {HEIGHT}" role="img" shape-rendering="crispEdges">',
            f"<title>{look.hue.name}, {look.pattern.name}</title>",
            f'<rect width="{width}" height="{HEIGHT}" rx="4" fill="{BOARD}"/>',
            _pixel(look),
            *_strip(look, strip_x),
            "</svg>\n",
        ]
    )


def on_files(files: Files, config: Any) -> Files:
    """Add the legend's pictures and the wiring diagram to the site's files."""
    for name, mark in legend_marks().items():
        svg = legend_svg(DEFAULT_PALETTE.look(mark))
        files.append(File.generated(config, f"{LEGEND_DIR}/{name}.svg", content=svg))
    wiring = ROOT / "hardware" / "wiring.svg"
    files.append(File.generated(config, "images/wiring.svg", abs_src_path=str(wiring)))
    return files


def reference_modules(package: str) -> list[str]:
    """The public modules of `santorini_hw.<package>`, in file order."""
    folder = ROOT / "santorini_hw" / package
    return [
        f"santorini_hw.{package}.{path.stem}"
        for path in sorted(folder.glob("*.py"))
        if not path.stem.startswith("_")
    ]


def reference_markdown() -> str:
    """A section per package, and in it a mkdocstrings entry per module."""
    parts = []
    for package in REFERENCE_PACKAGES:
        parts.append(f"\n## santorini_hw.{package}\n")
        parts += [
            f"\n::: {module}\n    options:\n      heading_level: 3\n"
            for module in reference_modules(package)
        ]
    return "".join(parts)


def on_page_markdown(markdown: str, page: Page, config: Any, files: Files) -> str:
    """The API reference page's entries, after its introduction."""
    if page.file.src_uri == REFERENCE_PAGE:
        return markdown + reference_markdown()
    return markdown
