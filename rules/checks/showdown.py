"""The showdown: who tables first, all-in hands tabled, hands tabled with the wrong number of cards."""

from __future__ import annotations

from rules.checks import Finding
from rules.hand_state import HandSetup
from rules.records import AlertKind
from vision.events import HandTabled


class ShowdownMonitor:
    """Follows the hands at the showdown once the betting is over with two or more hands live."""

    def __init__(self, setup: HandSetup) -> None:
        self.setup = setup
        self.begun = False
        self.all_in = False  # an all-in showdown: every live hand must be tabled
        self.tabled: set[int] = set()
        self.mucked: set[int] = set()

    def begin(self, live: list[int], all_in: bool, river_aggressor: int | None, t: float) -> list[Finding]:
        """The betting is over: in a showdown with no one all-in, say who tables first."""
        self.begun = True
        self.all_in = all_in
        if all_in:
            return []
        order = [s for s in self.setup.clockwise_from_button() if s in live]
        first = river_aggressor if river_aggressor in live else order[0]
        why = (
            "the last aggressor on the river"
            if first == river_aggressor
            else "first seat left of the button, no river bet"
        )
        return [
            Finding(
                AlertKind.SHOWDOWN_ORDER,
                f"showdown between seats {', '.join(map(str, order))}",
                f"if no one tables spontaneously, seat {first} ({why}) tables first",
                ("showdown_order",),
                t,
                first,
            )
        ]

    def tabled_hand(self, ev: HandTabled) -> list[Finding]:
        self.tabled.add(ev.seat)
        n, dealt = len(ev.cards), self.setup.game.hole_cards
        if not n or n == dealt:
            return []
        return [
            Finding(
                AlertKind.MISDEAL_TOO_LATE,
                f"seat {ev.seat} tabled {n} hole cards; the game deals {dealt}",
                "no misdeal after substantial action: a hand with the wrong number of cards is dead",
                ("substantial_action", "wrong_card_count"),
                ev.t,
                ev.seat,
                kills=True,
            )
        ]

    def mucked_hand(self, seat: int, t: float) -> list[Finding]:
        """A live hand thrown away after the betting: fine, unless the showdown is all-in."""
        if seat in self.tabled | self.mucked:
            return []
        self.mucked.add(seat)
        if not self.all_in:
            return []
        return [
            Finding(
                AlertKind.ALL_IN_NOT_TABLED,
                f"seat {seat} mucked without tabling in an all-in showdown",
                "all hands are tabled once a player is all-in and betting is over: "
                "retrieve the cards if they are clearly identifiable",
                ("all_in_hands_tabled",),
                t,
                seat,
            )
        ]

    def ended(self, live: list[int], t: float) -> list[Finding]:
        """The hand is over: in an all-in showdown, every live hand should have been tabled."""
        if not self.all_in:
            return []
        return [
            Finding(
                AlertKind.ALL_IN_NOT_TABLED,
                f"seat {seat} was in an all-in showdown but its hand was never tabled",
                "all hands in an all-in showdown must be tabled",
                ("all_in_hands_tabled",),
                t,
                seat,
            )
            for seat in live
            if seat not in self.tabled | self.mucked
        ]
