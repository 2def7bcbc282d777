"""The referee: turns what players physically do (observations) into game actions."""
