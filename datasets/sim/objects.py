"""What is on the table at one instant: a ``Scene`` of frozen objects in world coordinates.

The scenario compiler produces one ``Scene`` per frame (objects move by keyframes); the renderer
draws a ``Scene`` through a ``Camera`` and writes one annotation per object. Positions are
centimetres on the felt (see ``world.py``); ``angle`` is degrees counter-clockwise seen from above;
``z`` is height above the felt in centimetres (a card held off the felt, a hand carrying chips).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class DetClass(StrEnum):
    """The detector's classes; the renderer writes these as annotation labels (in this order)."""

    CARD_UP = "card_up"
    CARD_DOWN = "card_down"
    CHIP = "chip"  # one chip or one neat stack (a stack seen from above shows its top chip)
    HAND = "hand"
    DEALER_BUTTON = "dealer_button"
    PHONE = "phone"
    DRINK = "drink"
    CARD_PROTECTOR = "card_protector"
    PLAYER = "player"  # a player in the chair: head, shoulders and arms beyond the rail


DET_CLASSES: tuple[DetClass, ...] = tuple(DetClass)


@dataclass(frozen=True, slots=True)
class Pose:
    x: float
    y: float
    angle: float = 0.0
    z: float = 0.0


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    pose: Pose
    card: str  # "As", "Td"; every rendered card has an identity, face up or not
    face_up: bool = False
    peek: float = 0.0  # 0..1: how far a corner is lifted by a player peeking
    bend: float = 0.0  # 0..1: how bent the card is
    occlusion: float = 0.0  # 0..1: share covered by a hand or protector (the renderer computes the truth)


@dataclass(frozen=True, slots=True)
class ChipStack:
    """Chips standing on each other at one spot; ``chips`` lists denominations bottom to top."""

    id: str
    pose: Pose
    chips: tuple[int, ...]
    messy: float = 0.0  # 0 neat; up to 1: chips offset from the stack axis (up to ~half a chip)

    @property
    def value(self) -> int:
        return sum(self.chips)


class HandPose(StrEnum):
    OPEN = "open"  # flat, fingers spread (pushing, tapping)
    GRASP = "grasp"  # holding chips or cards
    CUPPED = "cupped"  # shielding cards while peeking
    POINT = "point"


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand with its forearm reaching in from ``seat`` (0 = the dealer) to ``pose`` (the palm)."""

    id: str
    pose: Pose
    seat: int
    shape: HandPose = HandPose.OPEN
    skin: int = 0  # index into the renderer's skin tones
    sleeve: int = 0  # index into sleeve styles (0 = bare forearm)
    watch: bool = False
    holding: tuple[str, ...] = ()  # ids of chips / cards carried with the hand


class ItemKind(StrEnum):
    DEALER_BUTTON = "dealer_button"
    ALL_IN_BUTTON = "all_in_button"
    CARD_PROTECTOR = "card_protector"
    PHONE = "phone"
    DRINK_CAPPED = "drink_capped"
    DRINK_OPEN = "drink_open"


@dataclass(frozen=True, slots=True)
class Item:
    id: str
    pose: Pose
    kind: ItemKind
    variant: int = 0  # which phone / cup / protector design


@dataclass(frozen=True, slots=True)
class Person:
    """A player in the chair at ``seat``: ``pose`` is the chest's middle on the floor plan (x, y) with
    ``angle`` the direction the player faces (degrees, toward the table); ``look`` picks clothes, hair,
    skin and how far the player leans in. A player getting up walks away along -facing."""

    id: str
    pose: Pose
    seat: int
    look: int = 0


SceneObject = Card | ChipStack | Hand | Item | Person


@dataclass(frozen=True, slots=True)
class Scene:
    t: float
    frame: int
    objects: tuple[SceneObject, ...] = field(default=())

    def by_id(self) -> dict[str, SceneObject]:
        return {o.id: o for o in self.objects}


@dataclass(frozen=True, slots=True)
class Annotation:
    """One object as the camera sees it in one frame (what the detector should find)."""

    id: str
    cls: DetClass
    box: tuple[float, float, float, float]  # xyxy pixels, clipped to the frame
    visible: float  # 0..1 share of the object not hidden by others or the frame edge
    zone: str | None  # table zone name the object's centre lies in
    card: str | None = None  # rank+suit for a face-up card
    chips: tuple[int, ...] = ()  # denominations for a chip stack
    value: int | None = None
    seat: int | None = None  # for hands: whose hand; for players: whose chair
