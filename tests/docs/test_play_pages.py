"""The player's pages quote the code: the lights' legend is the palette (its pictures
drawn from it at build time), and the gods' list is the page's god cards."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

from santorini_hw.lights.palette import DEFAULT_PALETTE, RGB
from santorini_hw.lights.scenes import PLAYER_ELEMENTS, Element, Fix, Mark
from santorini_hw.rules.gods import POWERS
from tests.docs.conftest import DOCS, ROOT
from tests.sensing.test_hardware_docs import tables

LIGHTS = DOCS / "play" / "lights.md"


def load_hooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_hooks", ROOT / "tools" / "docs_hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HOOKS = load_hooks()
MARKS, FIXES = tables(LIGHTS.read_text(encoding="utf-8"))


def picture(row: dict[str, str]) -> str:
    [path] = re.findall(r"\]\(\.\./(images/lights/[\w-]+\.svg)\)", row["looks like"])
    return path


def hex_of(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def test_the_legend_lists_every_kind_with_the_palettes_colour_and_pattern() -> None:
    assert [row["kind"] for row in MARKS] == [kind.value for kind in Element]
    for row in MARKS:
        kind = Element(row["kind"])
        assert row["layer"] == kind.priority.name.lower()
        if kind is Element.ERROR:
            continue
        look = DEFAULT_PALETTE.look(Mark(kind, player=0 if kind in PLAYER_ELEMENTS else None))
        assert row["colour"].startswith("player" if kind in PLAYER_ELEMENTS else look.hue.name)
        assert row["pattern"].startswith(look.pattern.name)
        assert picture(row) == f"images/lights/{kind.value}.svg"


def test_the_legend_lists_every_fix_with_its_pattern() -> None:
    assert [row["fix"] for row in FIXES] == [fix.value for fix in Fix]
    for row in FIXES:
        fix = Fix(row["fix"])
        look = DEFAULT_PALETTE.look(HOOKS.legend_marks()[f"error-{fix.value}"])
        assert look.pattern.name in row["pattern"]
        assert picture(row) == f"images/lights/error-{fix.value}.svg"


def test_every_picture_is_drawn_in_the_built_site_from_the_palette(site: Path) -> None:
    for name, mark in HOOKS.legend_marks().items():
        svg = (site / "images" / "lights" / f"{name}.svg").read_text(encoding="utf-8")
        look = DEFAULT_PALETTE.look(mark)
        assert hex_of(look.hue.rgb) in svg, name
        assert f"<title>{look.hue.name}, {look.pattern.name}</title>" in svg


def test_a_steady_light_is_still_and_a_blink_alternates_with_dark() -> None:
    steady = HOOKS.legend_svg(DEFAULT_PALETTE.look(Mark(Element.DESTINATION)))
    assert "<animate" not in steady
    blink = HOOKS.legend_svg(DEFAULT_PALETTE.look(Mark.error(Fix.REMOVE_PIECE)))
    [values] = re.findall(r'<animate [^>]*values="([^"]+)"', blink)
    assert set(values.split(";")) == {hex_of(DEFAULT_PALETTE.hues[Element.ERROR].rgb), "#000000"}
    assert 'dur="0.5s"' in blink


def test_the_gods_page_gives_each_god_its_cards_sentence() -> None:
    page = (DOCS / "play" / "gods.md").read_text(encoding="utf-8")
    for god, power in POWERS.items():
        assert f"- **{god.value}**: {power}\n" in page
