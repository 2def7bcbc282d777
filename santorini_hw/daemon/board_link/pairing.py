"""Which board this one plays with, and the topics each side writes (a contract).

A board writes only under its own `mqtt_prefix` and reads only under its pair's
(`board_link`): a message on any other topic is never taken for a turn. With accounts
on the broker, its ACL makes the topic prove the sender (docs/run/two-boards.md).

>>> pairing = Pairing(Topics("club/board-1"), Topics("club/board-2"))
>>> pairing.paired.link_game, pairing.own.link_turn
('club/board-2/link/game', 'club/board-1/link/turn')
"""

from __future__ import annotations

from dataclasses import dataclass

from santorini_hw.daemon.mqtt.address import Topics
from santorini_hw.daemon.mqtt.config import MqttConfig
from santorini_hw.daemon.settings import Settings, SettingsError


@dataclass(frozen=True)
class Pairing:
    own: Topics
    paired: Topics


def pairing(settings: Settings, mqtt: MqttConfig | None) -> Pairing | None:
    """The pairing of the settings, or None without `board_link`; `SettingsError` for one
    that cannot work."""
    if settings.board_link is None:
        return None
    if mqtt is None:
        raise SettingsError("board_link: two boards talk through a broker: set mqtt_url too")
    own = mqtt.topics
    if settings.board_link == own.prefix:
        raise SettingsError(f"board_link: {own.prefix!r} is this board's own mqtt_prefix")
    return Pairing(own, Topics(settings.board_link))
