"""How steps are written in a scenario's ``hand:`` list: one line of shorthand, or a one-key mapping.

A line of shorthand::

    - seat 3 pushes [1000, 1000]
    - seat 5 pushes [500] then returns then pushes [500]
    - seat 4 says raise 5000

or a mapping with one key naming the step, holding its fields (or one value for its main field)::

    - deal: {expose: [3], boxed: [{seat: 5, round: 2}]}
    - push: {seat: 2, pushes: [[5000]], toss: true}
    - check: 6
    - wait: 27

``normalize_step`` turns either form into a mapping with ``do`` naming the kind (``steps.py``).
"""

from __future__ import annotations

import re
from typing import Any

from datasets.sim.steps import KINDS, StepError
from vision.events import DeclarationKind

_MAIN_FIELD = {  # what a bare value means: `check: 3`, `wait: 5`, `flop: [Kd, 7s, 2c]`
    **dict.fromkeys(
        (
            "call",
            "all_in",
            "check",
            "fold",
            "pitch",
            "hide_cards",
            "cards_back",
            "leave",
            "come_back",
            "expose",
        ),
        "seat",
    ),
    "peek": "seat",
    "clock": "seat",
    "wait": "seconds",
    "flop": "cards",
    "turn": "cards",
    "river": "cards",
    "take_back": "count",
    "push_pot": "to",
    "showdown": "order",
}
_BOOKKEEPING = ("__line__", "__keys__")  # line numbers the scenario loader adds
_ALIASES = {"post": "post_blinds", "pull": "pull_in", "allin": "all_in", "pot": "push_pot"}


def normalize_step(raw: Any) -> dict[str, Any]:
    """A step as written (shorthand line or one-key mapping) -> a mapping with ``do``."""
    if isinstance(raw, str):
        return parse_shorthand(raw)
    if not isinstance(raw, dict):
        raise StepError(f"a step is a line of shorthand or a one-key mapping, not {type(raw).__name__}")
    keys = [k for k in raw if k not in _BOOKKEEPING]
    if len(keys) != 1:
        raise StepError(
            f"a step mapping has exactly one key naming the step (one of: {', '.join(KINDS)}); got {keys}"
        )
    name = str(keys[0]).strip().lower().replace(" ", "_").replace("-", "_")
    name = _ALIASES.get(name, name)
    if name not in KINDS:
        raise StepError(f"unknown step '{keys[0]}' (known: {', '.join(KINDS)})")
    body = raw[keys[0]]
    if body is None:
        body = {}
    elif not isinstance(body, dict):
        if name not in _MAIN_FIELD:
            raise StepError(f"'{name}' takes a mapping of its fields")
        body = {_MAIN_FIELD[name]: body}
    body = {k: v for k, v in body.items() if k not in _BOOKKEEPING}
    if name == "declare":
        body = _declaration_sugar(body)
    return {"do": name, **body}


def _declaration_sugar(body: dict[str, Any]) -> dict[str, Any]:
    """``{seat: 4, raise: 5000}`` / ``{seat: 4, call: true}`` -> what + amount."""
    said = [k for k in body if k in {d.value for d in DeclarationKind}]
    if not said:
        return body
    if len(said) > 1 or "what" in body:
        raise StepError(f"declare one thing at a time, got {said}")
    value = body.pop(said[0])
    body["what"] = said[0]
    if isinstance(value, int) and not isinstance(value, bool):
        body["amount"] = value
    return body


# ----- shorthand --------------------------------------------------------------------------------

_NUM = r"(\d[\d_,]*(?:\.\d+)?k?)"
_CHIPS = r"(\[[^\]]*\])"
_OBJECTS = {
    "phone": "phone",
    "cell phone": "phone",
    "drink": "drink_capped",
    "bottle": "drink_capped",
    "capped drink": "drink_capped",
    "open drink": "drink_open",
    "cup": "drink_open",
    "glass": "drink_open",
    "protector": "protector",
    "card protector": "protector",
    "second protector": "protector",
}
_OBJ = r"(?:a |an |the |his |her |their )?(" + "|".join(sorted(_OBJECTS, key=len, reverse=True)) + r")"


def _amount(text: str) -> int:
    text = text.replace("_", "").replace(",", "").lower()
    if text.endswith("k"):
        return int(float(text[:-1]) * 1000)
    return int(text)


def _chips(text: str) -> list[int]:
    inner = text.strip()[1:-1]
    parts = [p for p in re.split(r"[,\s]+", inner) if p]
    try:
        return [_amount(p) for p in parts]
    except ValueError:
        raise StepError(f"chips must be numbers like [1000, 500] or [1k, 500], got {text}") from None


_SEAT_FORMS: list[tuple[str, Any]] = [
    (rf"pushes {_CHIPS}((?: then (?:returns(?: to (?:the |his |her )?stack)?|pushes {_CHIPS}))*)", None),
    (rf"(?:drops|tosses) {_CHIPS}", lambda m: {"do": "push", "pushes": [_chips(m[1])], "toss": True}),
    (r"pushes (?:the |his |her |a )?(?:card )?protector", lambda m: {"do": "push", "items": 1}),
    (r"calls", lambda m: {"do": "call"}),
    (r"checks|taps", lambda m: {"do": "check"}),
    (r"folds( face up)?", lambda m: {"do": "fold", "face_up": bool(m[1])}),
    (rf"bets {_NUM}", lambda m: {"do": "bet", "to": _amount(m[1])}),
    (rf"raises to {_NUM}", lambda m: {"do": "raise", "to": _amount(m[1])}),
    (r"(?:goes )?all[ -]in|shoves", lambda m: {"do": "all_in"}),
    (rf"says (check|call|fold|bet|raise|all[ -]in|pot)(?: {_NUM})?( after the chips)?", "declare"),
    (rf"says {_NUM}( after the chips)?", lambda m: _said("amount", m[1], m[2])),
    (rf"(?:places|puts down|puts) {_OBJ}(?: on the (?:table|felt))?", "place"),
    (rf"(?:removes|picks up|takes away) {_OBJ}", "remove"),
    (r"(?:holds|hides|takes) (?:the |his |her )?cards below the rail", lambda m: {"do": "hide_cards"}),
    (
        r"(?:takes|carries) (?:the |his |her )?cards off the table",
        lambda m: {"do": "hide_cards", "where": "off_table"},
    ),
    (r"(?:brings|puts) (?:the |his |her )?cards back", lambda m: {"do": "cards_back"}),
    (rf"pockets {_CHIPS}", lambda m: {"do": "pocket_chips", "chips": _chips(m[1])}),
    (r"leaves(?: the table)?", lambda m: {"do": "leave"}),
    (r"comes back|returns to (?:the )?(?:table|seat)", lambda m: {"do": "come_back"}),
    (
        r"(?:exposes|turns|shows) (?:a|one|card (\d))(?: card)?(?: face up)?",
        lambda m: {"do": "expose", "card": int(m[1] or 1)},
    ),
    (r"peeks(?: at (?:the |his |her )?cards)?", lambda m: {"do": "peek"}),
]
_TABLE_FORMS: list[tuple[str, Any]] = [
    (r"post(?:s)?(?: the)? blinds", lambda m: {"do": "post_blinds"}),
    (r"deal", lambda m: {"do": "deal"}),
    (r"(?:dealer )?pulls? in(?: the bets)?|(?:dealer )?pulls? (?:the )?bets in", lambda m: {"do": "pull_in"}),
    (r"(flop|turn|river)((?: [2-9tjqka][cdhs])*)", lambda m: {"do": m[1], "cards": m[2].split()}),
    (
        r"four[ -]card flop((?: [2-9tjqka][cdhs])*)",
        lambda m: {"do": "flop", "count": 4, "cards": m[1].split()},
    ),
    (r"take back (\d) board cards?|take back the (turn|river)", None),
    (r"pitch(?: a card)? to seat (\d+)", lambda m: {"do": "pitch", "seat": int(m[1])}),
    (r"clock(?: on)? seat (\d+)", lambda m: {"do": "clock", "seat": int(m[1])}),
    (rf"wait {_NUM}\s*s?(?:econds)?", lambda m: {"do": "wait", "seconds": float(m[1].replace("_", ""))}),
    (r"showdown", lambda m: {"do": "showdown"}),
    (
        r"(?:dealer )?push(?:es)? (?:the )?pot(?: to seat (\d+))?",
        lambda m: {"do": "push_pot", "to": _int(m[1])},
    ),
    (r"end|hand ends", lambda m: {"do": "end"}),
]


def _int(text: str | None) -> int | None:
    return int(text) if text else None


def _said(what: str, amount: str | None, after: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {"do": "declare", "what": what.replace(" ", "_").replace("-", "_")}
    if amount:
        out["amount"] = _amount(amount)
    if after:
        out["after_chips"] = True
    return out


def parse_shorthand(text: str) -> dict[str, Any]:
    line = " ".join(text.strip().rstrip(".").split())
    low = line.lower()
    seat = re.fullmatch(r"seat (\d+) (.+)", low)
    if seat:
        number, rest = int(seat[1]), seat[2]
        for pattern, build in _SEAT_FORMS:
            m = re.fullmatch(pattern, rest)
            if m is None:
                continue
            if build is None:
                return {**_string_push(m), "seat": number}
            if build == "declare":
                return {**_said(m[1], m[2], m[3]), "seat": number}
            if build in ("place", "remove"):
                return {"do": build, "seat": number, "what": _OBJECTS[m[1]]}
            return {**build(m), "seat": number}
    else:
        for pattern, build in _TABLE_FORMS:
            m = re.fullmatch(pattern, low)
            if m is None:
                continue
            if build is None:
                return {"do": "take_back", "count": int(m[1]) if m[1] else 1}
            out: dict[str, Any] = build(m)
            if "cards" in out:  # keep the case of card codes as written
                out["cards"] = [c[0].upper() + c[1].lower() for c in out["cards"]]
            return {k: v for k, v in out.items() if v is not None}
    raise StepError(
        f"cannot read step '{line}'; write e.g. 'seat 3 pushes [1000, 1000]', 'seat 5 pushes [500] then "
        "returns then pushes [500]', 'seat 4 says raise 5000', 'seat 2 checks', 'flop', 'wait 5', "
        "or a mapping like {deal: {expose: [3]}}"
    )


def _string_push(m: re.Match[str]) -> dict[str, Any]:
    pushes = [_chips(m[1])]
    rest = m[2] or ""
    returns = "returns" in rest
    for chips in re.findall(_CHIPS, rest):
        pushes.append(_chips(chips))
    if returns and len(pushes) < 2:
        raise StepError("'then returns' needs another 'then pushes [...]' after it")
    return {"do": "push", "pushes": pushes, "returns": returns}
