"""A believable floor for the page tests and screenshots: three tables, a few alerts, hands with a
timeline. Rule numbers and excerpts are the shipped profiles' own (rules/profiles/*.yaml)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from tests.service.browser.fake_backend import FakeFloor, Media

OVERSIZED_44 = {
    "profile": "playlive",
    "rule": "44",
    "excerpt": "Facing a bet or blind, pushing out a single oversized chip (including your last chip) is a "
    "call if raise isn't first declared.",
    "text": "playlive 44",
}
MISDEAL_35A2 = {
    "profile": "tda",
    "rule": "35-A-2",
    "excerpt": "Misdeals include the first card dealt to the wrong seat.",
    "text": "tda 35-A-2",
}
STRING_56 = {
    "profile": "playlive",
    "rule": "56",
    "excerpt": "String bets and raises are not allowed; a string bet is 'a bet or raise that includes 2 or "
    "more motions'. The dealer decides; a TD may make the final decision.",
    "text": "playlive 56",
}


def ago(seconds: float) -> str:
    return (datetime.now(UTC) - timedelta(seconds=seconds)).isoformat(timespec="seconds")


def oversized_chip(**fields: Any) -> dict[str, Any]:
    """The alert the review timeline is built around: seat 4 calls with one 5,000 chip."""
    return {
        "table_id": "t1",
        "hand_id": "142",
        "kind": "oversized_chip",
        "severity": "ruling",
        "seat": 4,
        "message": "Seat 4 put out a single 5,000 chip facing a 1,200 bet without declaring a raise.",
        "ruling": "Call of 1,200; return 3,800 to seat 4.",
        "citations": [OVERSIZED_44],
        "t_start": 1041.2,
        "t_end": 1042.0,
        "created_at": ago(95),
    } | fields


def misdeal(**fields: Any) -> dict[str, Any]:
    return {
        "table_id": "t2",
        "hand_id": "88",
        "kind": "misdeal",
        "severity": "hand_stopping",
        "seat": 3,
        "message": "The first card went to seat 3; the button is seat 1, so it belonged to seat 2.",
        "ruling": "Stop the hand: misdeal. Reshuffle and redeal with the same button.",
        "citations": [MISDEAL_35A2],
        "t_start": 611.4,
        "t_end": 612.1,
        "created_at": ago(4),
    } | fields


def string_bet(**fields: Any) -> dict[str, Any]:
    return {
        "table_id": "t3",
        "hand_id": "23",
        "kind": "string_bet",
        "severity": "warning",
        "seat": 7,
        "message": "Seat 7 went back to the stack for more chips after the first push.",
        "ruling": "The bet stands at the first push (2,000); the extra chips go back.",
        "citations": [STRING_56],
        "t_start": 302.5,
        "t_end": 304.0,
        "created_at": ago(40),
    } | fields


def seed(media: Media) -> FakeFloor:
    """Three tables; one older alert already in the store; hand 142's timeline for review."""
    floor = FakeFloor(media)
    floor.add_table(
        "t1",
        "Feature table",
        "playlive",
        hand={"hand_id": "143", "street": "flop", "pot": 7450, "to_act": 6, "decision_s": 12.0},
        heartbeat_at=ago(1),
    )
    floor.add_table("t2", "Table 2", "tda", hand=None, heartbeat_at=ago(1))
    floor.add_table(
        "t3",
        "Table 3",
        "bluff_street",
        hand={"hand_id": "23", "street": "river", "pot": 31200, "to_act": 2, "decision_s": 41.0},
        heartbeat_at=ago(75),
    )
    first = floor.add_alert(**oversized_chip())
    t0 = 1032.0
    hand = {
        "id": 142,
        "table_id": "t1",
        "hand_id": "142",
        "t_start": t0,
        "t_end": 1071.5,
        "started_at": ago(130),
        "ended_at": ago(60),
        "board": ["Qs", "Jh", "4d", "9c", "2s"],
        "hole_cards": {"4": ["Ah", "Kd"], "6": ["Tc", "Ts"]},
        "hole_cards_hidden": False,
        "alerts": 1,
    }
    events = [  # GET /api/hands/{id} shapes: vision.event_codec records, seat lifted out
        {
            "t": t0,
            "kind": "hand_started",
            "seat": None,
            "detail": {"hand_id": "142", "button_seat": 2, "frame": 30960},
        },
        {"t": t0 + 2.1, "kind": "cards_dealt", "seat": 4, "detail": {"count": 2, "cards": ["Ah", "Kd"]}},
        {"t": t0 + 2.6, "kind": "cards_dealt", "seat": 6, "detail": {"count": 2, "cards": ["Tc", "Ts"]}},
        {"t": t0 + 6.8, "kind": "chip_action", "seat": 3, "detail": {"pushes": [[200, 200]], "frame": 31164}},
        {
            "t": t0 + 8.2,
            "kind": "chip_action",
            "seat": 6,
            "detail": {"pushes": [[1000, 200]], "frame": 31206},
        },
        {"t": t0 + 9.2, "kind": "chip_action", "seat": 4, "detail": {"pushes": [[5000]], "frame": 31236}},
        {"t": t0 + 11.0, "kind": "fold", "seat": 3, "detail": {"frame": 31290}},
        {
            "t": t0 + 16.4,
            "kind": "cards_dealt",
            "seat": None,
            "detail": {"count": 3, "cards": ["Qs", "Jh", "4d"]},
        },
        {"t": t0 + 24.9, "kind": "declaration", "seat": 6, "detail": {"what": "bet", "amount": 2400}},
        {
            "t": t0 + 26.0,
            "kind": "chip_action",
            "seat": 6,
            "detail": {"pushes": [[1000, 1000], [400]], "returned_to_stack": True},
        },
        {"t": t0 + 39.5, "kind": "hand_ended", "seat": None, "detail": {}},
    ]
    rulings = [  # service.app.messages.ruling_record
        {
            "t": t0 + 9.2,
            "seat": 4,
            "action": "call",
            "to": 1200,
            "adds": 1200,
            "returned": 3800,
            "summary": "call 1,200, 3,800 returned",
            "explanation": "A single oversized chip facing a bet, no raise declared: a call.",
            "citations": [OVERSIZED_44],
        },
        {
            "t": t0 + 26.0,
            "seat": 6,
            "action": "bet",
            "to": 2000,
            "adds": 2000,
            "returned": 400,
            "summary": "bet 2,000, 400 returned",
            "explanation": "A string bet: the first motion stands.",
            "citations": [STRING_56],
        },
    ]
    floor.add_hand(hand, events, rulings, [first["id"]])
    for pk in range(136, 142):
        floor.add_hand(
            {
                "id": pk,
                "table_id": "t1",
                "hand_id": str(pk),
                "t_start": 0.0,
                "t_end": 30.0,
                "started_at": ago(130 + (142 - pk) * 150),
                "ended_at": ago(70 + (142 - pk) * 150),
                "board": [],
                "hole_cards": None,
                "hole_cards_hidden": False,
                "alerts": 0,
            },
            [],
            [],
            [],
        )
    return floor
