"""Two boards play one game over MQTT: pairing, the protocol, following the pair."""
