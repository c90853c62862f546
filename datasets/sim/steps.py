"""The physical actions a scenario scripts: one strict model per kind of step.

A step is validated from a mapping whose ``do`` names its kind (``step_text.normalize_step`` makes
that mapping from what a scenario file says). ``seat_fields`` lists the fields holding seat
numbers, which a variant's ``rotate`` renumbers.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator, model_validator

from vision.events import DeclarationKind

Seat = Annotated[int, Field(ge=1, le=10, description="printed seat number")]
Chip = Annotated[int, Field(gt=0, description="a chip's denomination")]
CardCode = Annotated[str, Field(pattern=r"^[2-9TJQKA][cdhs]$", description="rank then suit: As, Td, 9c")]
ObjectName = Literal["phone", "drink_capped", "drink_open", "protector"]


class StepError(ValueError):
    """A step that cannot be read; the loader adds the file and line."""


class _Step(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    line: int = Field(default=0, ge=0, description="line in the scenario file")
    seat_fields: ClassVar[tuple[str, ...]] = ()  # fields holding seat numbers (renumbered by variants)


class PostBlinds(_Step):
    """The blinds (and the big blind's ante) push their chips out. No event: the setup says who posts."""

    do: Literal["post_blinds"]


class PitchRef(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: Seat
    round: int = Field(default=1, ge=1, le=4, description="which pass of the deal (1 = first card)")

    @model_validator(mode="before")
    @classmethod
    def _bare_seat(cls, data: Any) -> Any:
        return {"seat": data} if isinstance(data, int) else data


class Deal(_Step):
    """The dealer pitches the hole cards, one at a time, left of the button first."""

    do: Literal["deal"]
    start_at: Seat | None = Field(default=None, description="first card to this seat (a misdeal if wrong)")
    skip: list[Seat] = Field(
        default=[], validation_alias=AliasChoices("skip", "skip_seat"), description="seats dealt out"
    )
    extra_to: list[Seat] = Field(
        default=[],
        validation_alias=AliasChoices("extra_to", "extra_card_to"),
        description="one card too many to each (an empty seat too)",
    )
    expose: list[PitchRef] = Field(default=[], description="pitches the dealer flips face up")
    boxed: list[PitchRef] = Field(default=[], description="pitches that come off the deck face up")
    seat_fields = ("start_at", "skip", "extra_to", "expose", "boxed")

    @field_validator("skip", "extra_to", "expose", "boxed", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, int | dict) else value


class Push(_Step):
    """Chips moved over the line: each inner list is one forward motion's chips."""

    do: Literal["push"]
    seat: Seat
    pushes: list[list[Chip]] = Field(default=[], description="chips released by each forward motion")
    returns: bool = Field(default=False, description="the hand goes back to the stack between motions")
    toss: bool = Field(default=False, description="dropped from the hand instead of slid")
    prior: Literal["left", "pulled_back", "partly_pulled_back", "combined"] | None = Field(
        default=None, description="what happens to the seat's chips already bet (default: left)"
    )
    pulled_back: list[Chip] = Field(default=[], description="for prior=partly_pulled_back")
    items: int = Field(default=0, ge=0, le=1, description="the seat's card protector pushed as a bet")
    seat_fields = ("seat",)

    @model_validator(mode="after")
    def _something_moves(self) -> Push:
        if any(not p for p in self.pushes):
            raise ValueError("every motion releases at least one chip")
        if not self.pushes and not self.items and self.prior != "combined":
            raise ValueError("a push needs chips, the protector (items: 1) or prior: combined")
        if self.pulled_back and self.prior != "partly_pulled_back":
            raise ValueError("pulled_back is only for prior: partly_pulled_back")
        return self


class Call(_Step):
    """Chips for the call, worked out from the betting as the house sees it."""

    do: Literal["call"]
    seat: Seat
    seat_fields = ("seat",)


class Bet(_Step):
    """A bet or raise to ``to`` in total this street, made in one motion."""

    do: Literal["bet", "raise"]
    seat: Seat
    to: int = Field(gt=0, description="the seat's total bet this street")
    seat_fields = ("seat",)


class _SeatStep(_Step):
    seat: Seat
    seat_fields = ("seat",)


class AllIn(_SeatStep):
    do: Literal["all_in"]


class Check(_SeatStep):
    """A tap on the felt."""

    do: Literal["check"]


class Fold(_SeatStep):
    """The cards go to the muck."""

    do: Literal["fold"]
    face_up: bool = False


class Declare(_SeatStep):
    """A verbal declaration typed at the dealer console; nothing moves."""

    do: Literal["declare"]
    what: DeclarationKind
    amount: int | None = Field(default=None, gt=0)
    after_chips: bool = Field(default=False, description="spoken after the chips landed")


class PullIn(_Step):
    """The dealer sweeps the bets into the pot."""

    do: Literal["pull_in"]


class Street(_Step):
    """Burn and turn board cards. Bets still out are pulled in first unless ``pull_in: false``."""

    do: Literal["flop", "turn", "river"]
    cards: list[CardCode] = []
    count: int | None = Field(default=None, ge=1, le=5, description="cards turned (4 for a four-card flop)")
    burn: bool = True
    pull_in: bool = True


class TakeBack(_Step):
    """The dealer takes the last ``count`` board cards back to the stub (after a premature street)."""

    do: Literal["take_back"]
    count: int = Field(default=1, ge=1, le=5)


class Pitch(_SeatStep):
    """One more card pitched to a seat after the deal."""

    do: Literal["pitch"]
    face_up: bool = False


class PlaceObject(_SeatStep):
    do: Literal["place", "remove"]
    what: ObjectName


class HideCards(_SeatStep):
    """The player takes its cards off the felt: below the rail or off the table."""

    do: Literal["hide_cards"]
    where: Literal["below_rail", "off_table"] = "below_rail"


class CardsBack(_SeatStep):
    do: Literal["cards_back"]


class PocketChips(_SeatStep):
    """Chips taken from the stack out of view."""

    do: Literal["pocket_chips"]
    chips: list[Chip] = Field(min_length=1)
    where: Literal["off_table", "below_rail"] = "off_table"


class Leave(_SeatStep):
    do: Literal["leave", "come_back"]


class Expose(_SeatStep):
    """The player turns one of its hole cards face up."""

    do: Literal["expose"]
    card: int = Field(default=1, ge=1, le=4)


class Peek(_SeatStep):
    do: Literal["peek"]


class Clock(_SeatStep):
    """The floor puts the clock on the seat (a console event)."""

    do: Literal["clock"]


class Wait(_Step):
    """Nothing happens for ``seconds``; the seat to act is thinking (decision-time ticks)."""

    do: Literal["wait"]
    seconds: float = Field(gt=0, le=600)


class Showdown(_Step):
    """Live hands are turned face up (``order``, default left of the button first); ``muck`` seats
    throw theirs in face down."""

    do: Literal["showdown"]
    order: list[Seat] = []
    muck: list[Seat] = []
    seat_fields = ("order", "muck")


class PushPot(_Step):
    do: Literal["push_pot"]
    to: Seat | None = None
    seat_fields = ("to",)


class End(_Step):
    do: Literal["end"]


Step = Annotated[
    PostBlinds
    | Deal
    | Push
    | Call
    | Bet
    | AllIn
    | Check
    | Fold
    | Declare
    | PullIn
    | Street
    | TakeBack
    | Pitch
    | PlaceObject
    | HideCards
    | CardsBack
    | PocketChips
    | Leave
    | Expose
    | Peek
    | Clock
    | Wait
    | Showdown
    | PushPot
    | End,
    Field(discriminator="do"),
]

STEP_CLASSES: dict[str, type[_Step]] = {
    do: cls
    for cls in (
        PostBlinds,
        Deal,
        Push,
        Call,
        Bet,
        AllIn,
        Check,
        Fold,
        Declare,
        PullIn,
        Street,
        TakeBack,
        Pitch,
        PlaceObject,
        HideCards,
        CardsBack,
        PocketChips,
        Leave,
        Expose,
        Peek,
        Clock,
        Wait,
        Showdown,
        PushPot,
        End,
    )
    for do in cls.model_fields["do"].annotation.__args__  # type: ignore[union-attr]
}
KINDS: tuple[str, ...] = tuple(STEP_CLASSES)
