"""Sensor drivers and signal handling: worker sensors, the stack-height bridge, calibration."""
