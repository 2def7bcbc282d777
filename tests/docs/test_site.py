"""The site builds strictly, works offline, and the README is one screen that points into it."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import yaml

from santorini_hw.daemon.settings import Settings
from tests.docs.conftest import DOCS, ROOT
from tests.sensing.test_hardware_docs import tables

README = ROOT / "README.md"


def nav_pages(entries: list[object]) -> list[str]:
    """Every page named in mkdocs.yml's nav, in order."""
    found: list[str] = []
    for entry in entries:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        found += nav_pages(value) if isinstance(value, list) else [str(value)]
    return found


def mkdocs_config() -> dict[str, object]:
    # mkdocs.yml has no custom tags, so the safe loader reads it whole.
    return yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))


def test_every_page_is_in_the_navigation_and_every_nav_entry_is_a_page() -> None:
    pages = {str(path.relative_to(DOCS)) for path in DOCS.rglob("*.md")}
    listed = nav_pages(mkdocs_config()["nav"])
    assert sorted(listed) == sorted(pages)
    assert len(listed) == len(set(listed))


def test_every_page_is_built(site: Path) -> None:
    for page in nav_pages(mkdocs_config()["nav"]):
        folder = page.removesuffix(".md").removesuffix("index")
        assert (site / folder / "index.html").is_file(), page


def test_the_site_loads_nothing_from_the_internet(site: Path) -> None:
    assert mkdocs_config()["theme"]["font"] is False
    remote = re.compile(r"""<(?:script|link|img)\b[^>]*\b(?:src|href)=["'](?:https?:)?//""")
    for page in site.rglob("*.html"):
        assert remote.findall(page.read_text(encoding="utf-8")) == [], page


def test_the_wiring_diagram_is_built_from_hardware(site: Path) -> None:
    assert (site / "images" / "wiring.svg").read_bytes() == (
        ROOT / "hardware" / "wiring.svg"
    ).read_bytes()


def test_the_readme_fits_on_one_screen_and_starts_with_the_two_commands() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 60
    assert lines[:4] == [
        "```sh",
        'python3 dev.py run     # set up .venv/ and run the main job (see "The two commands")',
        "python3 dev.py test    # set up .venv/ and run ruff, mypy and the whole test suite",
        "```",
    ]


def test_the_readme_links_to_files_that_exist() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text)
    assert "docs/images/page.png" in targets
    for target in targets:
        assert (ROOT / target).exists(), target
    for audience in ("Play", "Build", "Run on a Pi", "Develop"):
        assert f"**{audience}**" in text


def test_every_setting_is_documented_with_its_default() -> None:
    rows = {
        row["key"].strip("`"): row
        for page in ("settings.md", "mqtt.md")
        for table in tables((DOCS / "run" / page).read_text(encoding="utf-8"))
        for row in table
        if "key" in row
    }
    for setting in fields(Settings):
        assert setting.name in rows, setting.name
        default = setting.default
        if isinstance(default, (int, float, str)) and not isinstance(default, bool):
            assert rows[setting.name]["default"] == f"`{default}`", setting.name
