"""The floor service's settings (pydantic-settings, env prefix ``RAILBIRD_``); built by the caller only."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Where the service keeps its data, which cameras it watches and how it serves.

    Every field can come from the environment: ``RAILBIRD_DATABASE_URL``, ``RAILBIRD_DATA_DIR`` ...
    (lists as JSON: ``RAILBIRD_CAMERAS='["camera_configs/demo_overhead.yaml"]'``).
    """

    model_config = SettingsConfigDict(env_prefix="RAILBIRD_", extra="forbid", frozen=True)

    database_url: str | None = Field(
        None,
        description="SQLAlchemy URL: sqlite:///path.db or postgresql+psycopg://user@host/db; "
        "default: sqlite in data_dir",
    )
    data_dir: Path = Field(Path("out/service"), description="clips, thumbnails and the default database")
    cameras: list[Path] = Field(default_factory=list, description="camera config files, one table each")
    clip_before_s: float = Field(10.0, ge=0, le=120, description="seconds of video kept before an alert")
    clip_after_s: float = Field(5.0, ge=0, le=120, description="seconds of video kept after an alert")
    clip_retention_days: int = Field(30, ge=1, le=3650, description="clips older than this are deleted")
    ring_memory_mb: int = Field(256, ge=16, le=65536, description="frame ring buffer memory per camera")
    tokens_file: Path | None = Field(
        None,
        description="optional JSON {name: {role, token}} of users created at startup (demo, bootstrap); "
        "tokens are stored hashed",
    )
    host: str = Field("127.0.0.1", description="address to bind")
    port: int = Field(8000, ge=0, le=65535, description="port to bind (0: any free port)")
    ws_queue_size: int = Field(
        256, ge=1, le=100_000, description="messages a WebSocket client may lag before it is dropped"
    )
    ping_s: float = Field(15.0, gt=0, le=300, description="seconds between WebSocket pings")
    recent_alerts: int = Field(5, ge=0, le=50, description="alerts shown on each table tile")

    @property
    def url(self) -> str:
        """The database URL, defaulting to ``data_dir/railbird.db``."""
        return self.database_url or f"sqlite:///{self.data_dir / 'railbird.db'}"
