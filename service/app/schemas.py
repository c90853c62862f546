"""Request and response shapes of the HTTP API (docs/floor_service.md), apart from the domain and DB types.

Every request model forbids unknown fields and bounds every value, so a bad request is a 422 with a
reason and changes nothing.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator, model_validator

from rules.records import AlertKind, Severity
from service.app.store import AlertStatus

Seat = Annotated[int, Field(ge=1, le=10, description="the table's printed seat number")]
Chips = Annotated[int, Field(gt=0, le=1_000_000_000, description="an amount in house chips")]
Note = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=2000)]


class Request(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ----- requests ----------------------------------------------------------------------------------


class QueryParams(Request):
    """Query parameters; an empty one (``?table=``, as a form's "all" sends it) means not given."""

    @field_validator("*", mode="before")
    @classmethod
    def _empty_is_none(cls, value: Any) -> Any:
        return None if value == "" else value


class AlertQuery(QueryParams):
    table: str | None = Field(None, max_length=64, description="table id")
    severity: Severity | None = None
    kind: AlertKind | None = None
    status: AlertStatus | None = None
    limit: int = Field(50, ge=1, le=500)
    before_id: int | None = Field(None, ge=1, description="only alerts older than this id (the next page)")


class HandQuery(QueryParams):
    table: str | None = Field(None, max_length=64)
    limit: int = Field(50, ge=1, le=500)
    before_id: int | None = Field(None, ge=1)


class AckBody(Request):
    note: Note | None = None


class ResolveBody(Request):
    note: Note


class DeclarationBody(Request):
    seat: Seat
    what: Literal["check", "call", "fold", "bet", "raise"]
    amount: Chips | None = None

    @model_validator(mode="after")
    def _amount_only_with_a_bet(self) -> DeclarationBody:
        if self.amount is not None and self.what not in ("bet", "raise"):
            raise ValueError(f"an amount goes with bet or raise, not {self.what}; leave it out")
        return self


class ClockBody(Request):
    seat: Seat


class StackFix(Request):
    seat: Seat
    amount: Annotated[int, Field(ge=0, le=1_000_000_000)]


class CorrectionBody(Request):
    button: Seat | None = None
    blinds: tuple[Chips, Chips] | None = Field(None, description="[small blind, big blind]")
    stack: StackFix | None = None

    @model_validator(mode="after")
    def _something_and_sane(self) -> CorrectionBody:
        if self.button is None and self.blinds is None and self.stack is None:
            raise ValueError("give at least one of button, blinds, stack")
        if self.blinds is not None and self.blinds[0] > self.blinds[1]:
            raise ValueError(f"blinds [{self.blinds[0]}, {self.blinds[1]}]: the small blind exceeds the big")
        return self


class AuditQuery(QueryParams):
    limit: int = Field(100, ge=1, le=1000)


# ----- responses ---------------------------------------------------------------------------------


class Me(BaseModel):
    name: str
    role: str


class CitationOut(BaseModel):
    profile: str | None = None
    rule: str | None = None
    excerpt: str | None = None
    text: str | None = None
    inherited_from: str | None = None


class AlertOut(BaseModel):
    id: int
    table_id: str
    hand_id: str
    kind: str
    severity: str
    seat: int | None
    message: str
    ruling: str
    citations: list[CitationOut]
    t_start: float
    t_end: float
    created_at: datetime
    status: str
    acked_by: str | None
    acked_at: datetime | None
    resolved_by: str | None
    resolved_at: datetime | None
    note: str | None
    clip_url: str | None
    thumb_url: str | None


class AlertPage(BaseModel):
    items: list[AlertOut]
    next_before_id: int | None = Field(description="pass as before_id for the next page; null at the end")


class Tile(BaseModel):
    id: str
    name: str
    profile: str
    game: str
    hand: dict[str, Any] | None = Field(description="{hand_id, street, pot, to_act, decision_s}")
    recent_alerts: list[AlertOut]
    heartbeat_at: datetime | None = Field(description="when the table's camera worker last reported")


class HandSummary(BaseModel):
    id: int
    table_id: str
    hand_id: str
    started_at: datetime
    ended_at: datetime | None
    alerts: int


class HandOut(HandSummary):
    t_start: float
    t_end: float | None
    board: list[str | None]
    hole_cards: dict[str, list[str | None]] | None = Field(
        description="{seat: cards}; null when hidden from this role while the hand is live"
    )
    hole_cards_hidden: bool
    setup: dict[str, Any] | None


class EventOut(BaseModel):
    t: float
    kind: str
    seat: int | None
    detail: dict[str, Any]


class HandTimeline(BaseModel):
    hand: HandOut
    events: list[EventOut]
    rulings: list[dict[str, Any]]
    alerts: list[AlertOut]


class ConsoleOut(BaseModel):
    id: int
    table_id: str
    t: float
    kind: str
    payload: dict[str, Any]
    entered_by: str
    created_at: datetime
    delivered: bool = Field(description="handed to the table's camera worker (false: no workers running)")


class AuditOut(BaseModel):
    id: int
    at: datetime
    user: str
    role: str
    action: str
    target: str
    detail: dict[str, Any]
