"""Events to and from plain mappings (YAML hand files, JSON timelines, the simulator's answer key).

The written form of an event is ``{"t": 12.5, "frame": 375, "<kind>": {<fields>}}``: one key
naming the event kind, holding the event's own fields. ``chips: [1000, 500]`` is accepted as a
shorthand for a single push in a chip action.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pydantic import TypeAdapter, ValidationError

from vision.events import EVENT_TYPES, Event, EventKind


class EventFormatError(ValueError):
    """An event mapping that is not a valid event; the message names the field and the reason."""


def to_record(ev: Event) -> dict[str, Any]:
    fields = {
        f.name: _plain(getattr(ev, f.name))
        for f in dataclasses.fields(ev)
        if f.name not in ("t", "frame") and getattr(ev, f.name) != f.default
    }
    record: dict[str, Any] = {"t": ev.t}
    if ev.frame is not None:
        record["frame"] = ev.frame
    record[ev.kind.value] = fields
    return record


def from_record(record: dict[str, Any]) -> Event:
    if not isinstance(record, dict):
        raise EventFormatError("an event must be a mapping like {t: 1.5, chip_action: {...}}")
    kinds = [k for k in record if k not in ("t", "frame", "__line__")]
    if len(kinds) != 1:
        known = ", ".join(k.value for k in EventKind)
        raise EventFormatError(
            f"an event needs exactly one kind key besides t/frame (one of: {known}); got {kinds}"
        )
    name = kinds[0]
    try:
        kind = EventKind(name)
    except ValueError:
        raise EventFormatError(f"unknown event kind '{name}'") from None
    cls = EVENT_TYPES[kind]
    body = record[name] or {}
    if not isinstance(body, dict):
        raise EventFormatError(f"'{name}' must hold a mapping of its fields")
    body = dict(body)
    if "chips" in body and kind is EventKind.CHIP_ACTION:
        if "pushes" in body:
            raise EventFormatError("chip_action: give either 'chips' (one push) or 'pushes', not both")
        body["pushes"] = [body.pop("chips")]
    allowed = {f.name for f in dataclasses.fields(cls)} - {"t", "frame"}
    unknown = sorted(set(body) - allowed)
    if unknown:
        raise EventFormatError(
            f"{name}: unknown field '{unknown[0]}' (allowed: {', '.join(sorted(allowed))})"
        )
    if "t" not in record:
        raise EventFormatError(f"{name}: missing 't' (seconds)")
    try:
        return _adapter(cls).validate_python({**body, "t": record["t"], "frame": record.get("frame")})
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or name
        raise EventFormatError(f"{name}.{where}: {err['msg']}") from None
    except ValueError as exc:  # raised by the event's own checks
        raise EventFormatError(f"{name}: {exc}") from None


_ADAPTERS: dict[type[Event], TypeAdapter[Any]] = {}


def _adapter(cls: type[Event]) -> TypeAdapter[Any]:
    if cls not in _ADAPTERS:
        _ADAPTERS[cls] = TypeAdapter(cls)
    return _ADAPTERS[cls]


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "value") and not isinstance(value, int | float | str):
        return value.value
    return value
