"""Events round-trip through their written form; bad records name the field."""

import pytest

from vision.event_codec import EventFormatError, from_record, to_record
from vision.events import (
    EVENT_TYPES,
    CardsDealt,
    ChipAction,
    Declaration,
    DeclarationKind,
    EventKind,
    ForeignObject,
    ObjectPlaced,
    PriorChips,
)

SAMPLES = [
    ChipAction(3.5, seat=4, pushes=((500,), (500,)), returned_to_stack=True, frame=105),
    ChipAction(
        4.0, seat=2, pushes=((1000, 25),), prior=PriorChips.PARTLY_PULLED_BACK, prior_pulled_back=(25,)
    ),
    Declaration(5.0, seat=1, what=DeclarationKind.RAISE, amount=5000, before_chips=False),
    CardsDealt(6.0, count=4, face_up=True, cards=("Ah", "Kd", None, "2c")),
    ObjectPlaced(7.0, seat=6, what=ForeignObject.PHONE),
]


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: e.kind.value)
def test_round_trip(event):
    assert from_record(to_record(event)) == event


def test_every_kind_has_a_type():
    assert set(EVENT_TYPES) == set(EventKind)


def test_chips_shorthand_is_one_push():
    ev = from_record({"t": 1, "chip_action": {"seat": 3, "chips": [1000, 1000]}})
    assert isinstance(ev, ChipAction) and ev.pushes == ((1000, 1000),) and ev.motions == 1


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"t": 1, "chip_action": {"seat": 3, "chipz": [5]}}, "unknown field 'chipz'"),
        ({"t": 1, "teleport": {}}, "unknown event kind 'teleport'"),
        ({"t": 1}, "exactly one kind key"),
        ({"chip_action": {"seat": 3, "chips": [5]}}, "missing 't'"),
        ({"t": 1, "chip_action": {"seat": 3, "chips": [-5]}}, "positive denominations"),
        ({"t": 1, "declaration": {"seat": 3, "what": "shove"}}, r"declaration\.what"),
        ({"t": 1, "cards_dealt": {"count": 2, "cards": ["Ah"]}}, "has 1 cards but count is 2"),
    ],
)
def test_bad_records_say_what_is_wrong(record, message):
    with pytest.raises(EventFormatError, match=message):
        from_record(record)
