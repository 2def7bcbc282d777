"""santorini-hw: the software of a smart physical Santorini board."""

__version__ = "0.1.0"
