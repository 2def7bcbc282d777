"""Fixtures shared by the sensing and simulator tests: the board config and mock pins."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from santorini_hw.hardware.config import HardwareConfig, load_hardware_config


@pytest.fixture(scope="session")
def config() -> HardwareConfig:
    return load_hardware_config()


@contextlib.contextmanager
def installed(factory: MockFactory) -> Iterator[MockFactory]:
    """gpiozero's own test set-up: `factory`'s pins for the test, reset afterwards."""
    previous = Device.pin_factory
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        factory.reset()
        Device.pin_factory = previous


@pytest.fixture
def mock_factory() -> Iterator[MockFactory]:
    with installed(MockFactory()) as factory:
        yield factory
