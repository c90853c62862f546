"""``/api/tables``: one tile per table: the hand in progress (from its worker) and its recent alerts."""

from __future__ import annotations

from fastapi import APIRouter

from service.app import store
from service.app.auth import Role
from service.app.deps import AnyUser, IngestorDep, SessionDep, SettingsDep
from service.app.schemas import Tile
from service.app.views import tile_out

router = APIRouter(prefix="/tables", tags=["tables"])


@router.get("")
def list_tables(
    session: SessionDep, ingestor: IngestorDep, settings: SettingsDep, user: AnyUser
) -> list[Tile]:
    """Every table, with ``hand`` null between hands or when its worker has not reported.

    A dealer's tiles carry no alerts (the alert feed is for floor, surveillance and admin).
    """
    n = 0 if user.role is Role.DEALER else settings.recent_alerts
    tiles = []
    for table in store.list_tables(session):
        live = ingestor.table(table.id)
        recent = list(store.recent_alerts(session, table.id, n))
        tiles.append(tile_out(table, live.hand, recent, live.heartbeat_at))
    return tiles
