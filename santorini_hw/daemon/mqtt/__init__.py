"""The optional MQTT link: broker address, messages, outbox, Home Assistant discovery."""
