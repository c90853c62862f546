"""Hand files: a hand as YAML (game, blinds, seats, button, events) for ``railbird rules judge``.

Errors name the file, the line and the field, and say what to fix.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules.hand_state import Game, HandSetup, SeatSetup
from vision.event_codec import EventFormatError, from_record
from vision.events import CardsDealt, Event

HAND_FILE_VERSION = 1


class HandFileError(ValueError):
    """A hand file that cannot be judged; the message names the file, line, field and reason."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SeatModel(_Strict):
    seat: int = Field(ge=1, le=10, description="printed seat number")
    stack: int = Field(gt=0, description="chips at the start of the hand")
    present: bool = Field(default=True, description="in reach of the chair when the hand starts")
    line: int = Field(default=0, alias="__line__")


class HandModel(_Strict):
    version: int = Field(ge=1, le=HAND_FILE_VERSION)
    hand_id: str = Field(default="", max_length=80)
    table: str = Field(default="", max_length=80)
    profile: str | None = Field(default=None, description="house profile id; --profile overrides")
    description: str = ""
    game: Game
    blinds: tuple[int, int] = Field(description="small blind, big blind")
    bb_ante: int = Field(default=0, ge=0)
    button: int = Field(ge=1, le=10)
    seats: list[SeatModel] = Field(min_length=2, max_length=10)
    events: list[dict[str, Any]]
    line: int = Field(default=0, alias="__line__")


class HandFile(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True, frozen=True)

    path: Path
    setup: HandSetup
    profile: str | None
    description: str
    events: list[Event]


class _LineLoader(yaml.SafeLoader):
    """A YAML loader that remembers the line of every mapping under the key ``__line__``."""


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    mapping = loader.construct_mapping(node, deep=True)
    mapping["__line__"] = node.start_mark.line + 1
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def _strip_lines(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip_lines(v) for k, v in value.items() if k != "__line__"}
    if isinstance(value, list):
        return [_strip_lines(v) for v in value]
    return value


def load_hand(path: Path) -> HandFile:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise HandFileError(f"{path}: no such hand file") from None
    except UnicodeDecodeError:
        raise HandFileError(f"{path}: not a text file (expected YAML)") from None
    try:
        raw = yaml.load(text, Loader=_LineLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else str(path)
        raise HandFileError(f"{where}: not valid YAML ({getattr(exc, 'problem', exc)})") from None
    if not isinstance(raw, dict):
        raise HandFileError(
            f"{path}: a hand file must be a YAML mapping with game, blinds, button, seats, events"
        )
    try:
        model = HandModel.model_validate({k: v for k, v in raw.items()})
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = [str(p) for p in err["loc"]]
        line = _line_of(raw, err["loc"])
        field = ".".join(loc)
        raise HandFileError(f"{path}:{line}: field '{field}': {err['msg']}") from None
    setup = _setup(path, model)
    events: list[Event] = []
    seats = {s.seat for s in model.seats}
    last_t = float("-inf")
    for i, record in enumerate(model.events):
        line = record.get("__line__", model.line) if isinstance(record, dict) else model.line
        try:
            ev = from_record(_strip_lines(record))
        except EventFormatError as exc:
            raise HandFileError(f"{path}:{line}: events[{i}]: {exc}") from None
        seat = getattr(ev, "seat", None)
        if seat is not None and seat not in seats and not isinstance(ev, CardsDealt):
            raise HandFileError(
                f"{path}:{line}: events[{i}]: seat {seat} is not one of the seats {sorted(seats)}"
            )
        if ev.t < last_t:
            raise HandFileError(
                f"{path}:{line}: events[{i}]: t={ev.t} goes back in time (previous t={last_t})"
            )
        last_t = ev.t
        events.append(ev)
    return HandFile(
        path=path, setup=setup, profile=model.profile, description=model.description, events=events
    )


def _setup(path: Path, model: HandModel) -> HandSetup:
    try:
        return HandSetup(
            game=model.game,
            small_blind=model.blinds[0],
            big_blind=model.blinds[1],
            button=model.button,
            seats=tuple(SeatSetup(s.seat, s.stack, s.present) for s in model.seats),
            bb_ante=model.bb_ante,
            hand_id=model.hand_id or path.stem,
            table=model.table,
        )
    except ValueError as exc:
        raise HandFileError(f"{path}:{model.line}: {exc}") from None


def _line_of(raw: Any, loc: tuple[int | str, ...]) -> int:
    """The line of the deepest mapping on the error's path."""
    line = raw.get("__line__", 1) if isinstance(raw, dict) else 1
    node = raw
    for key in loc:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, dict):
            line = node.get("__line__", line)
    return int(line)
