"""Scenario files: a poker hand scripted as physical actions at a simulated table.

A scenario (YAML, strict, versioned) gives the table, camera, chip set, house profile, game,
blinds, button, seats and stacks, the hand as a list of steps (``steps.py``), the alert kinds the
profile should raise on it (``expect_alerts``), and optional ``variants`` that re-stage the same
hand: seats rotated round the table, another camera, chip set, house or seed. Every variant is a
``Scenario`` of its own, named ``<id>`` (the file as written) or ``<id>-<variant>``.

Errors name the file, the line, the field and the reason, like hand files do.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from datasets.sim.step_text import normalize_step
from datasets.sim.steps import KINDS, STEP_CLASSES, CardCode, Seat, Step, StepError
from rules.hand_state import Game, HandSetup, SeatSetup
from rules.profile import available_profiles
from rules.records import AlertKind
from vision.chipset import CHIP_SETS, ChipSet

SCENARIO_VERSION = 1
_SLUG = r"^[a-z0-9][a-z0-9_\-]*$"


class ScenarioError(ValueError):
    """A scenario that cannot be compiled; the message names the file, line, field and reason."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CameraSpec(_Strict):
    view: Literal["overhead", "oblique"] = Field(default="overhead", description="camera preset")
    seed: int | None = Field(default=None, ge=0, description="pose jitter seed (default: the scenario seed)")
    width: int = Field(default=1280, ge=160, le=3840, description="frame width, pixels")
    height: int = Field(default=720, ge=120, le=2160, description="frame height, pixels")


class TableSpec(_Strict):
    style_seed: int | None = Field(
        default=None, ge=0, description="look of felt, chips, hands (default: seed)"
    )
    style: dict[str, Any] = Field(default={}, description="overrides of the renderer's Style fields")


class SeatSpec(_Strict):
    stack: int = Field(gt=0, description="chips behind at the start of the hand")
    present: bool = Field(default=True, description="in the chair when the deal starts")
    cards: list[CardCode] = Field(default=[], description="hole cards (default: from the shuffled deck)")


def _camera(value: Any) -> Any:
    return {"view": value} if isinstance(value, str) else value


def _seats(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: ({"stack": v} if isinstance(v, int) else v) for k, v in value.items()}
    return value


class VariantSpec(_Strict):
    """The same hand staged differently. Fields left out keep the scenario's values."""

    name: str = Field(pattern=_SLUG, max_length=40)
    description: str = ""
    rotate: int = Field(default=0, ge=0, le=9, description="move every seat this many places clockwise")
    camera: CameraSpec | None = None
    chipset: str | None = None
    profile: str | None = None
    game: Game | None = None
    seed: int | None = Field(default=None, ge=0)
    fps: int | None = Field(default=None, ge=5, le=120)
    table: TableSpec | None = None
    expect_alerts: list[AlertKind] | None = None

    _camera = field_validator("camera", mode="before")(_camera)


class _Body(_Strict):
    version: int = Field(ge=1, le=SCENARIO_VERSION, description="scenario schema version")
    description: str = Field(min_length=1, description="what happens in the hand, for people")
    tags: list[str] = Field(default=[], description="free labels: clean, rulebook, ...")
    profile: str = Field(description="house profile id (rules/profiles)")
    game: Game = Game.NLHE
    blinds: tuple[int, int] = Field(description="small blind, big blind")
    bb_ante: int = Field(default=0, ge=0)
    button: Seat
    button_at: Seat | None = Field(default=None, description="where the button puck lies if misplaced")
    chipset: str = Field(default="tournament", description="chip set name (vision.chipset)")
    camera: CameraSpec = CameraSpec()
    table: TableSpec = TableSpec()
    fps: int = Field(default=30, ge=5, le=120)
    seed: int = Field(default=0, ge=0)
    seats: dict[Seat, SeatSpec] = Field(min_length=2, max_length=10)
    hand: list[Step] = Field(min_length=1)
    expect_alerts: list[AlertKind] = Field(description="alert kinds the profile raises on the truth")

    _camera = field_validator("camera", mode="before")(_camera)
    _seats = field_validator("seats", mode="before")(_seats)

    @field_validator("profile")
    @classmethod
    def _known_profile(cls, value: str) -> str:
        if value not in available_profiles():
            raise ValueError(f"unknown profile '{value}' (known: {', '.join(available_profiles())})")
        return value

    @field_validator("chipset")
    @classmethod
    def _known_chipset(cls, value: str) -> str:
        if value not in CHIP_SETS:
            raise ValueError(f"unknown chip set '{value}' (known: {', '.join(CHIP_SETS)})")
        return value

    @model_validator(mode="after")
    def _button_at_a_seat(self) -> _Body:
        if self.button not in self.seats:
            raise ValueError(f"button: seat {self.button} is not one of the seats {sorted(self.seats)}")
        return self


class ScenarioFile(_Body):
    id: str | None = Field(default=None, pattern=_SLUG, max_length=60, description="default: the file name")
    variants: list[VariantSpec] = Field(default=[], description="re-stagings of the same hand")


class Scenario(_Body):
    """One renderable scenario: a file, or one of its variants, fully resolved."""

    id: str = Field(pattern=_SLUG)
    variant: str = ""
    source: str = ""

    @property
    def name(self) -> str:
        return f"{self.id}-{self.variant}" if self.variant else self.id

    @property
    def chip_set(self) -> ChipSet:
        return CHIP_SETS[self.chipset]

    def setup(self) -> HandSetup:
        return HandSetup(
            game=self.game,
            small_blind=self.blinds[0],
            big_blind=self.blinds[1],
            button=self.button,
            seats=tuple(SeatSetup(n, s.stack, s.present) for n, s in sorted(self.seats.items())),
            bb_ante=self.bb_ante,
            hand_id=self.name,
            table="sim",
        )


# ----- loading ---------------------------------------------------------------------------------


class _LineLoader(yaml.SafeLoader):
    """Remembers the line of every mapping (``__line__``) and every string (``LineStr.line``)."""


class LineStr(str):
    line: int = 0


def _mapping(loader: _LineLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    mapping = loader.construct_mapping(node, deep=True)
    keys = {}
    for key_node, _ in node.value:
        with contextlib.suppress(TypeError, yaml.YAMLError):  # an unhashable key: pydantic reports it
            keys[loader.construct_object(key_node)] = key_node.start_mark.line + 1
    mapping["__line__"] = node.start_mark.line + 1
    mapping["__keys__"] = keys
    return mapping


def _string(loader: _LineLoader, node: yaml.ScalarNode) -> LineStr:
    s = LineStr(loader.construct_scalar(node))
    s.line = node.start_mark.line + 1
    return s


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_LineLoader.add_constructor("tag:yaml.org,2002:str", _string)


def _plain(value: Any) -> Any:
    """Drop line bookkeeping: plain dicts, lists and strs."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if k not in ("__line__", "__keys__")}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value


def _line_of(raw: Any, loc: tuple[int | str, ...]) -> int:
    """The line of the deepest node on the error's path that knows its line."""
    line = raw.get("__line__", 1) if isinstance(raw, dict) else 1
    node = raw
    for key in loc:
        if isinstance(node, dict):
            keys = node.get("__keys__", {})
            line = keys.get(key, keys.get(int(key) if isinstance(key, str) and key.isdigit() else key, line))
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            if isinstance(key, str) and key.isdigit() and isinstance(node, dict):
                node = node.get(int(key))
                if node is None:
                    break
            else:
                break
        if isinstance(node, dict):
            line = node.get("__line__", line)
        elif isinstance(node, LineStr):
            line = node.line
    return int(line)


def read_scenario_file(path: Path) -> ScenarioFile:
    """Parse and validate one file (variants not yet applied)."""
    return _read(path)[0]


def _read(path: Path) -> tuple[ScenarioFile, dict[str, Any]]:
    """The validated file and the raw mapping with its line numbers (for later errors)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(f"{path}: no such scenario file") from None
    except UnicodeDecodeError:
        raise ScenarioError(f"{path}: not a text file (expected YAML)") from None
    try:
        raw = yaml.load(text, Loader=_LineLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else str(path)
        raise ScenarioError(f"{where}: not valid YAML ({getattr(exc, 'problem', exc)})") from None
    if not isinstance(raw, dict):
        raise ScenarioError(f"{path}:1: a scenario is a YAML mapping with seats, hand, expect_alerts, ...")
    hand = raw.get("hand")
    if isinstance(hand, list):
        steps = []
        for i, item in enumerate(hand):
            line = item.get("__line__", 0) if isinstance(item, dict) else getattr(item, "line", 0)
            try:
                step = normalize_step(item)
            except StepError as exc:
                raise ScenarioError(f"{path}:{line}: field 'hand.{i}': {exc}") from None
            steps.append({**step, "__line__": line})
        raw = {**raw, "hand": steps}
    data = _plain(raw)
    if isinstance(data.get("hand"), list):
        for step, normalized in zip(data["hand"], raw["hand"], strict=True):
            step["line"] = normalized["__line__"]
    try:
        return ScenarioFile.model_validate(data), raw
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = tuple(err["loc"])
        named = re.match(r"Value error, (\w+): ", err["msg"])
        if not loc and named and named[1] in ScenarioFile.model_fields:
            loc = (named[1],)
            err["msg"] = err["msg"][len(named[0]) :]
        # a discriminated union puts the step kind into the path: hand.3.push.seat
        shown = [str(p) for p in loc]
        line = _line_of(raw, tuple(p for p in loc if not (isinstance(p, str) and p in KINDS)))
        msg = err["msg"].removeprefix("Value error, ")
        raise ScenarioError(f"{path}:{line}: field '{'.'.join(shown) or 'scenario'}': {msg}") from None


def load_scenarios(path: Path) -> list[Scenario]:
    """The scenario as written and each of its variants, resolved and checked."""
    doc, raw = _read(path)
    base = doc.model_dump(exclude={"variants", "id"})
    ident = doc.id or path.stem.replace(".", "-")
    out = [_resolve(path, {**base, "id": ident, "source": str(path)}, raw)]
    names = set()
    for v in doc.variants:
        if v.name in names:
            raise ScenarioError(f"{path}: variant '{v.name}' is named twice")
        names.add(v.name)
        data = {**base, "id": ident, "variant": v.name, "source": str(path)}
        for key in ("camera", "chipset", "profile", "game", "seed", "fps", "table", "expect_alerts"):
            value = getattr(v, key)
            if value is not None:
                data[key] = value.model_dump() if isinstance(value, BaseModel) else value
        if v.description:
            data["description"] = f"{doc.description.strip()} ({v.description})"
        if v.rotate:
            data = rotate(data, v.rotate)
        out.append(_resolve(path, data, raw))
    return out


def _resolve(path: Path, data: dict[str, Any], raw: dict[str, Any]) -> Scenario:
    label = f"variant '{data['variant']}'" if data.get("variant") else "scenario"
    try:
        scn = Scenario.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        raise ScenarioError(f"{path}: {label}: field '{field}': {err['msg']}") from None
    problem = check_scenario(scn)
    if problem is not None:
        step, field, reason = problem
        line = step.line if step is not None else _line_of(raw, tuple(field.split(".")))
        suffix = f" ({label})" if data.get("variant") else ""
        raise ScenarioError(f"{path}:{line}: field '{field}': {reason}{suffix}")
    return scn


def rotate(data: dict[str, Any], by: int) -> dict[str, Any]:
    """Move every seat ``by`` places clockwise (10 wraps to 1): the order round the table is kept."""

    def seat(n: int) -> int:
        return (n - 1 + by) % 10 + 1

    out = dict(data)
    out["button"] = seat(data["button"])
    if data.get("button_at") is not None:
        out["button_at"] = seat(data["button_at"])
    out["seats"] = {seat(int(n)): s for n, s in data["seats"].items()}
    hand = []
    for step in data["hand"]:
        step = dict(step)
        for name in STEP_CLASSES[step["do"]].seat_fields:
            value = step.get(name)
            if isinstance(value, int):
                step[name] = seat(value)
            elif isinstance(value, list):
                step[name] = [
                    seat(v) if isinstance(v, int) else {**v, "seat": seat(v["seat"])} for v in value
                ]
        hand.append(step)
    out["hand"] = hand
    return out


def _style_fields() -> list[str] | None:
    """The renderer's Style fields (None when the renderer is not installed)."""
    try:
        from datasets.sim.style import Style
    except ImportError:
        return None
    return [f.name for f in dataclasses.fields(Style)]


def check_scenario(scn: Scenario) -> tuple[Any, str, str] | None:
    """Cross-field checks pydantic cannot do alone: (step or None, field, reason) of the first problem."""
    chipset = scn.chip_set
    values = set(chipset.values)
    smallest = min(values)
    for n, s in sorted(scn.seats.items()):
        if s.stack % smallest:
            return (
                None,
                f"seats.{n}.stack",
                f"{s.stack:,} is not a multiple of the {chipset.name} set's {smallest} chip",
            )
        if s.cards and len(s.cards) != scn.game.hole_cards:
            return None, f"seats.{n}.cards", f"{scn.game.value} deals {scn.game.hole_cards} hole cards"
    for what, amount in (("blinds", scn.blinds[0]), ("blinds", scn.blinds[1]), ("bb_ante", scn.bb_ante)):
        if amount % smallest:
            return None, what, f"{amount:,} cannot be paid in {chipset.name} chips (smallest {smallest})"
    try:
        scn.setup()
    except ValueError as exc:
        return None, "seats", str(exc)
    known = _style_fields()
    for name in scn.table.style:
        if known is not None and name not in known:
            return (
                None,
                f"table.style.{name}",
                f"the renderer's Style has no such field (has {', '.join(known)})",
            )
    seen: set[str] = {c for s in scn.seats.values() for c in s.cards}
    if sum(len(s.cards) for s in scn.seats.values()) != len(seen):
        return None, "seats", "a card is dealt twice"
    anywhere = {"extra_to", "start_at"}  # a card may go to an empty seat
    for i, step in enumerate(scn.hand):
        for name in step.seat_fields:
            if name in anywhere or step.do == "pitch":
                continue
            value = getattr(step, name)
            refs = value if isinstance(value, list) else [value]
            for ref in refs:
                seat_no = getattr(ref, "seat", ref)
                if seat_no is not None and seat_no not in scn.seats:
                    return (
                        step,
                        f"hand.{i}.{name}",
                        f"seat {seat_no} is not at the table (seats {sorted(scn.seats)})",
                    )
        for name in ("pushes", "chips", "pulled_back"):
            value = getattr(step, name, None) or []
            flat = [c for v in value for c in (v if isinstance(v, list) else [v])]
            bad = sorted({c for c in flat if c not in values})
            if bad:
                return (
                    step,
                    f"hand.{i}.{name}",
                    (f"no {bad[0]:,} chip in the {chipset.name} set (has {sorted(values)})"),
                )
        for ref in [*getattr(step, "expose", []), *getattr(step, "boxed", [])]:
            if ref.round > scn.game.hole_cards:
                return (
                    step,
                    f"hand.{i}",
                    f"{scn.game.value} deals {scn.game.hole_cards} rounds, not {ref.round}",
                )
        for card in getattr(step, "cards", None) or []:
            if card in seen:
                return step, f"hand.{i}.cards", f"{card} is dealt twice"
            seen.add(card)
    return None


def load_library(directory: Path) -> list[Scenario]:
    """Every scenario and variant in a folder of ``*.yaml`` files, in file-name order."""
    out: list[Scenario] = []
    for path in sorted(directory.glob("*.yaml")):
        out.extend(load_scenarios(path))
    names = [s.name for s in out]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise ScenarioError(f"{directory}: scenario names repeat: {', '.join(dupes)}")
    return out
