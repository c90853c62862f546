"""House profiles: every rule parameter a house sets, with the rule it comes from.

A profile is a strict, versioned YAML file in ``rules/profiles/``. Each parameter carries its
value, the house's rule number or section, and a short excerpt. A house profile names the baseline
it ``inherits`` (the Poker TDA profile); parameters it leaves out come from the baseline and are
marked as inherited, so every ruling can say "the house is silent; the TDA baseline applies".
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Any, Generic, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules.records import Citation

PROFILES_DIR = Path(__file__).parent / "profiles"
BASELINE_ID = "tda"
SCHEMA_VERSION = 1

T = TypeVar("T")


class ProfileError(ValueError):
    """A profile file that cannot be used; the message names the file, the field and the reason."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Param(_Strict, Generic[T]):
    value: T = Field(description="the house's setting")
    rule: str = Field(min_length=1, description="rule number or section in the house's rulebook")
    excerpt: str = Field(min_length=1, max_length=400, description="short quote or paraphrase")
    inherited_from: str | None = Field(default=None, description="set by the loader, never in a file")


# ----- enumerated settings --------------------------------------------------------------------


class VerbalPrecedence(StrEnum):
    FIRST_DEFINES = "first_defines"  # whichever came first (verbal or chips) defines the bet
    VERBAL_PREVAILS = "verbal_prevails"  # a verbal statement in turn overrides differing chips


class MultiChipStandard(StrEnum):
    EVERY_CHIP_NEEDED = "every_chip_needed"  # call if removing one smallest chip leaves < call; else 50% rule
    HALF_RAISE_ONLY = "half_raise_only"  # no every-chip test: the 50% standard on the total


class StringBetDefinition(StrEnum):
    RETURN_TO_STACK = "return_to_stack"  # more than one motion with a trip back to the stack
    MULTIPLE_MOTIONS = "multiple_motions"  # any bet made in two or more motions


class UndercallPolicy(StrEnum):
    HEADS_UP_OR_OPENING_BET = "heads_up_or_opening_bet"  # full call mandatory there, else floor discretion
    MANDATORY_FOLD_AT_DISCRETION = "mandatory_fold_at_discretion"  # must complete; floor may allow fold
    COMPLETE_OR_FORFEIT = "complete_or_forfeit"  # complete to a call or forfeit the chips and fold
    ALWAYS_CORRECTED = "always_corrected"  # a short call is corrected to the full call


class ShortAllInReopen(StrEnum):
    CUMULATIVE = "cumulative"  # short all-ins that add up to a full raise re-open the betting
    NEVER_COMBINED = "never_combined"  # each short all-in is a call; they never add up


class OutOfTurnPolicy(StrEnum):
    BINDING_UNLESS_ACTION_CHANGES = "binding_unless_action_changes"
    NOT_BINDING_EXCEPT_FOLD = "not_binding_except_fold"


class NonValueItemPolicy(StrEnum):
    DISCRETION_CALL_OR_ALL_IN = "discretion_call_or_all_in"
    NOT_LIVE_MAY_BE_ALL_IN = "not_live_may_be_all_in"
    NOT_ALLOWED = "not_allowed"


class WrongCardCount(StrEnum):
    MISDEAL = "misdeal"
    DEAD_HAND = "dead_hand"
    REPAIR_BEFORE_ACTION = "repair_before_action"  # extra card becomes the burn if caught before acting


class SubstantialAction(StrEnum):
    TWO_WITH_CHIPS_OR_THREE = "two_with_chips_or_three"  # any 2 in-turn actions with chips, or any 3
    TWO_AFTER_BLINDS = "two_after_blinds"  # two players after the blinds have acted


class FourCardFlop(StrEnum):
    SCRAMBLE_RANDOM_BURN = "scramble_random_burn"  # scramble the 4; floor picks one as the next burn
    RESHUFFLE_REDEAL = "reshuffle_redeal"  # flop goes back in the stub, reshuffle, re-deal


class ExposedCardPenalty(StrEnum):
    PENALTY_HAND_LIVE = "penalty_hand_live"
    PENALTY_MAY_KILL = "penalty_may_kill"


class ClockExpiry(StrEnum):
    DEAD_HAND = "dead_hand"
    CHECK = "check"


class Allowed(StrEnum):
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"


class DrinksPolicy(StrEnum):
    ALLOWED = "allowed"
    ONE_CAPPED_BOTTLE = "one_capped_bottle"
    NONE = "none"


class AbsentAtDeal(StrEnum):
    HAND_DEAD = "hand_dead"
    FOLDED = "folded"


class LeftWithLiveHand(StrEnum):
    PENALTY = "penalty"
    FOLDED_IN_TURN = "folded_in_turn"


class HouseRules(_Strict):
    """Every rule parameter railbird judges by. One field per topic; each cites its rule."""

    # betting: declarations and chips
    verbal_precedence: Param[VerbalPrecedence]
    oversized_chip_facing_bet_is_call: Param[bool]
    oversized_chip_declared_raise: Param[str]  # what "raise" with an overchip and no amount means
    oversized_chip_opening_is_bet_of_chip: Param[bool]
    multi_chip_standard: Param[MultiChipStandard]
    raise_threshold: Param[float] = Field(
        description="fraction of the last full raise that forces a full raise"
    )
    last_chips_are_all_in: Param[bool]
    string_bet_definition: Param[StringBetDefinition]
    prior_chips_partial_is_multi_chip: Param[bool]
    overbet_for_change_counts: Param[bool]
    undercall: Param[UndercallPolicy]
    under_raise_corrected_on_street: Param[bool]
    short_all_in_reopen: Param[ShortAllInReopen]
    out_of_turn: Param[OutOfTurnPolicy]
    invalid_declarations: Param[str]
    bet_the_pot_in_no_limit: Param[str]
    ambiguous_amount_largest_within_pot: Param[bool]
    tiny_chip_fraction: Param[float] = Field(
        description="a silent bet below this fraction of the call is 'tiny'"
    )
    non_value_items: Param[NonValueItemPolicy]
    pot_limit_overbet_reduced: Param[bool]
    # the deal and the board
    boxed_cards_for_misdeal: Param[int | None]  # None: a boxed card never causes a misdeal
    exposed_first_two_is_misdeal: Param[bool]
    exposed_downcards_for_misdeal: Param[int]
    first_card_wrong_seat_is_misdeal: Param[bool]
    cards_to_empty_seat_is_misdeal: Param[bool]
    seat_dealt_out_is_misdeal: Param[bool]
    wrong_card_count: Param[WrongCardCount]
    substantial_action: Param[SubstantialAction]
    four_card_flop: Param[FourCardFlop]
    premature_flop: Param[str]
    premature_turn: Param[str]
    premature_river: Param[str]
    rabbit_hunting_allowed: Param[bool]
    # players
    exposed_card_with_action_pending: Param[ExposedCardPenalty]
    all_in_hands_tabled: Param[bool]
    showdown_order: Param[str]
    fold_not_facing_bet_binding: Param[bool]
    clock_seconds: Param[int] = Field(
        description="seconds to act once the clock is put on, before the countdown"
    )
    clock_countdown_seconds: Param[int]
    clock_expiry_facing_bet: Param[ClockExpiry]
    clock_expiry_not_facing_bet: Param[ClockExpiry]
    phone_on_table: Param[Allowed]
    card_protectors_max: Param[int | None]  # None: no limit
    drinks_on_table: Param[DrinksPolicy]
    food_on_table: Param[Allowed]
    chips_must_stay_in_view: Param[bool]
    cards_must_stay_above_rail: Param[bool]
    absent_at_deal: Param[AbsentAtDeal]
    left_with_live_hand: Param[LeftWithLiveHand]


class ProfileFile(_Strict):
    """The YAML document as written; ``parameters`` may be partial when ``inherits`` is set."""

    version: int = Field(ge=1, le=SCHEMA_VERSION, description="profile schema version")
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", description="profile id used on the command line")
    name: str = Field(min_length=1)
    source: str = Field(min_length=1, description="the rulebook this profile encodes")
    inherits: str | None = Field(default=None, description="profile id of the baseline")
    notes: str = ""
    parameters: dict[str, dict[str, Any]]


class HouseProfile(_Strict):
    id: str
    name: str
    source: str
    inherits: str | None
    notes: str
    rules: HouseRules

    def cite(self, topic: str) -> Citation:
        """The citation for one parameter, e.g. ``profile.cite("multi_chip_standard")``."""
        param = getattr(self.rules, topic)
        return Citation(self.id, param.rule, param.excerpt, param.inherited_from)

    def value(self, topic: str) -> Any:
        return getattr(self.rules, topic).value


# ----- loading ----------------------------------------------------------------------------------


def _read_yaml(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ProfileError(f"{path}: no such profile file") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else str(path)
        raise ProfileError(f"{where}: not valid YAML ({getattr(exc, 'problem', exc)})") from None
    if not isinstance(data, dict):
        raise ProfileError(f"{path}: a profile must be a YAML mapping")
    return data


def _explain(path: Path, exc: ValidationError, prefix: str = "") -> ProfileError:
    first = exc.errors()[0]
    field = prefix + ".".join(str(p) for p in first["loc"])
    return ProfileError(f"{path}: field '{field}': {first['msg']} (fix the profile and retry)")


def load_profile_file(path: Path) -> ProfileFile:
    try:
        return ProfileFile.model_validate(_read_yaml(path))
    except ValidationError as exc:
        raise _explain(path, exc) from None


def available_profiles(directory: Path = PROFILES_DIR) -> list[str]:
    return sorted(p.stem for p in directory.glob("*.yaml"))


def load_profile(profile_id: str, directory: Path = PROFILES_DIR) -> HouseProfile:
    """Load a profile by id, merging the baseline it inherits from."""
    path = directory / f"{profile_id}.yaml"
    if not path.exists():
        known = ", ".join(available_profiles(directory))
        raise ProfileError(f"unknown profile '{profile_id}' (known: {known})")
    doc = load_profile_file(path)
    if doc.id != profile_id:
        raise ProfileError(f"{path}: field 'id': is '{doc.id}' but the file name says '{profile_id}'")
    merged: dict[str, dict[str, Any]] = {}
    if doc.inherits:
        if doc.inherits == profile_id:
            raise ProfileError(f"{path}: field 'inherits': a profile cannot inherit from itself")
        base = load_profile(doc.inherits, directory)
        for topic, param in base.rules:
            merged[topic] = param.model_dump() | {"inherited_from": param.inherited_from or base.id}
    for topic, raw in doc.parameters.items():
        if topic not in HouseRules.model_fields:
            raise ProfileError(f"{path}: field 'parameters.{topic}': not a known rule parameter")
        if not isinstance(raw, dict):
            raise ProfileError(
                f"{path}: field 'parameters.{topic}': must be a mapping with value, rule, excerpt"
            )
        if "inherited_from" in raw:
            raise ProfileError(f"{path}: field 'parameters.{topic}.inherited_from': set by the loader only")
        merged[topic] = raw
    try:
        rules = HouseRules.model_validate(merged)
    except ValidationError as exc:
        raise _explain(path, exc, "parameters.") from None
    return HouseProfile(
        id=doc.id, name=doc.name, source=doc.source, inherits=doc.inherits, notes=doc.notes, rules=rules
    )
