"""The worker sensors' physics: field formulas, the flux-guide ladder, and the margins
of the configured design against today's parts (hardware/examples/old-parts.toml)."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest

from santorini_hw.hardware.config import DEFAULT_CONFIG_PATH
from santorini_hw.hardware.toml_table import HardwareConfigError
from santorini_hw.physics.design_candidates import STEEL_GUIDE, candidates
from santorini_hw.physics.magnet_field import (
    MU0,
    FluxChain,
    axial_field,
    dipole_axial_component,
    dipole_moment,
    disc_field,
    overlap_area,
)
from santorini_hw.physics.worker_field import find_worker_field, load_worker_field

OLD_PARTS = DEFAULT_CONFIG_PATH.parent / "examples" / "old-parts.toml"
N52 = 1.45


def test_a_6x3_magnet_at_70_mm_is_weaker_than_a_tenth_of_a_millitesla() -> None:
    assert axial_field(N52, 0.003, 0.003, 0.070) < 0.1e-3
    assert axial_field(N52, 0.003, 0.003, 0.025) == pytest.approx(1e-3, rel=0.2)


def test_far_from_the_magnet_the_field_is_the_dipoles() -> None:
    moment = dipole_moment(N52, 0.003, 0.003)
    z = 0.2
    dipole = dipole_axial_component(moment, 0.0, z + 0.0015)
    assert axial_field(N52, 0.003, 0.003, z) == pytest.approx(dipole, rel=1e-3)


def test_at_the_face_of_a_long_magnet_the_field_is_half_its_remanence() -> None:
    assert axial_field(N52, 0.003, 10.0, 0.0) == pytest.approx(N52 / 2, rel=1e-3)


def test_a_dipole_beside_a_sensor_points_against_it() -> None:
    assert dipole_axial_component(1.0, 0.05, 0.0) == pytest.approx(-MU0 / (4 * math.pi * 0.05**3))


def test_a_disc_sends_half_its_flux_density_each_way_at_its_face() -> None:
    flux, radius = 1e-6, 0.001
    assert disc_field(flux, radius, 0.0) == pytest.approx(flux / (2 * math.pi * radius**2))
    assert disc_field(flux, radius, 0.01) < disc_field(flux, radius, 0.001)


def test_overlap_of_two_discs() -> None:
    assert overlap_area(2, 1, 0) == pytest.approx(math.pi)
    assert overlap_area(1, 1, 2.5) == 0
    assert overlap_area(1, 1, 1) == pytest.approx(2 * math.pi / 3 - math.sqrt(3) / 2)


def chain(length: float, leakage_radius: float = 0.022) -> FluxChain:
    return FluxChain(
        parts=(("core", length),),
        radius=0.005,
        permeability=1000,
        leakage_radius=leakage_radius,
        tip_radius=0.005,
    )


def test_a_short_core_shares_the_flux_between_its_tip_and_its_side_and_a_long_one_leaks_it() -> (
    None
):
    short = chain(0.001)
    side = 2 * math.pi * MU0 / math.log(0.022 / 0.005) * 0.001
    share = short.tip_permeance / (short.tip_permeance + side)
    assert short.tip_flux(injected=1e-6) == pytest.approx(1e-6 * share, rel=0.01)
    fluxes = [chain(length).tip_flux(injected=1e-6) for length in (0.01, 0.03, 0.07)]
    assert fluxes == sorted(fluxes, reverse=True)
    assert fluxes[-1] < 0.5e-6


def test_a_gap_in_the_chain_costs_flux() -> None:
    closed = chain(0.04).tip_flux(injected=1e-6)
    gapped = replace(chain(0.04), parts=(("core", 0.02), ("gap", 0.001), ("core", 0.02)))
    assert gapped.tip_flux(injected=1e-6) < closed


def test_the_ladder_is_linear_in_an_outside_field() -> None:
    one = chain(0.05).tip_flux(field=lambda depth: 100.0)
    assert chain(0.05).tip_flux(field=lambda depth: 300.0) == pytest.approx(3 * one)
    assert one > 0


def test_todays_parts_lose_the_worker_from_level_1_up() -> None:
    rows = load_worker_field(OLD_PARTS).margins()
    assert rows[0].margin > 2
    assert [row.margin < 1 for row in rows[1:]] == [True, True, True]
    assert rows[3].field_mt < 0.1


def test_the_configured_design_sees_every_level_with_twice_the_operate_point() -> None:
    rows = load_worker_field().margins()
    assert [row.level for row in rows] == [0, 1, 2, 3]
    assert min(row.margin for row in rows) >= 2
    assert min(row.release_margin for row in rows) >= 2
    assert rows[3].to_json()["margin"] == pytest.approx(rows[3].field_mt / 4.8, abs=1e-3)


def test_a_block_switch_is_what_sees_a_worker_on_a_tower() -> None:
    field = load_worker_field()
    fields = field.worker_fields_mt(3)
    assert len(fields) == 4  # the board's switch and one per block
    assert fields[-1] > 2 * field.sensor.operate_mt
    assert fields[0] < field.sensor.release_mt


def test_more_neighbours_make_release_harder() -> None:
    field = load_worker_field()
    alone, crowded = (replace(field, neighbours=n).margins()[0] for n in (0, 8))
    assert crowded.released_mt > alone.released_mt
    assert alone.released_mt == pytest.approx(field.stray_mt)


def test_a_flux_guide_carries_the_field_down_but_gathers_the_neighbours_too() -> None:
    design = load_worker_field()
    guided = replace(design, sensors_in_blocks=False, guide=STEEL_GUIDE)
    bare = replace(design, sensors_in_blocks=False)
    assert guided.worker_fields_mt(3)[0] > 20 * bare.worker_fields_mt(3)[0]
    assert guided.remanent_field_mt(3) > 0
    assert guided.neighbour_fields_mt(3)[0] > bare.neighbour_fields_mt(3)[0]


def test_only_the_configured_candidate_meets_both_margins() -> None:
    results = candidates(load_worker_field())
    passing = [c.name for c in results if c.operate >= 2 and c.release >= 2]
    assert passing == [results[-1].name]
    assert "configured" in results[-1].name


def test_a_config_without_worker_field_means_ideal_switches(tmp_path: Path) -> None:
    text = DEFAULT_CONFIG_PATH.read_text(encoding="utf-8")
    bare = tmp_path / "board.toml"
    bare.write_text(text[: text.index("\n[worker_field]")], encoding="utf-8")
    assert find_worker_field(bare) is None
    with pytest.raises(HardwareConfigError, match="missing key worker_field"):
        load_worker_field(bare)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("release_mT = 0.5", "release_mT = 5.0", "worker_field.sensor.release_mT must be below"),
        ("block_mm = [24, 22, 19]", "block_mm = [24, 22]", "worker_field.geometry.block_mm"),
        ("neighbours = 4", "neighbours = 4\nneighbors = 2", "unknown key worker_field.neighbors"),
        ("sample_hz = 20 ", "sample_hz = 0 ", "worker_field.sensor.sample_hz must be 0.1 to"),
    ],
)
def test_bad_worker_field_names_the_key(tmp_path: Path, old: str, new: str, message: str) -> None:
    text = DEFAULT_CONFIG_PATH.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "board.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(HardwareConfigError, match=message):
        load_worker_field(path)


def test_a_sampling_switch_has_a_period_and_one_without_sample_hz_follows_the_field(
    tmp_path: Path,
) -> None:
    assert load_worker_field().sensor.sample_period == pytest.approx(0.05)  # DRV5032FC, 20 Hz
    text = DEFAULT_CONFIG_PATH.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("sample_hz"))
    reed = tmp_path / "board.toml"
    reed.write_text(text.replace(line + "\n", ""), encoding="utf-8")
    assert load_worker_field(reed).sensor.sample_period == 0.0
