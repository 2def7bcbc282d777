from tests.sensing.conftest import config, mock_factory

__all__ = ["config", "mock_factory"]
