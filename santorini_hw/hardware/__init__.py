"""The board's hardware: its configuration (hardware/board.toml) and the object that owns it."""
