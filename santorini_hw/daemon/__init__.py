"""The daemon: one asyncio loop that scans the board, referees, journals, lights and serves."""
