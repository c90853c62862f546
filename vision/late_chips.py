"""Chips that show in a seat's bet zone just after its tap: the tap was a push whose chips the hand hid.

A hand that lets a stack go and draws straight back looks like a tap (a check) until the detector
finds the stack it uncovered. ``LateChips`` keeps, for each seat whose visit was judged a tap, what
lay in its bet zone as the hand came; new chips seen there in two detector calls running within
``LATE_S`` of the tap, with the hand gone, are that visit's chips: an uncounted chip action, which the
rules engine takes as correcting the check (``rules.rereading.tap_before_chips``).
"""

from __future__ import annotations

from vision.detections import Box, iou
from vision.events import ChipAction
from vision.pushes import NEXT_CALL_S, SIGHTING_IOU
from vision.table import TableScene

LATE_S = 0.8  # s after a tap in which chips showing in the seat's bet zone are still its visit's


class LateChips:
    """Taps in, the chip actions of the taps that were pushes out (``update``, once per scene)."""

    def __init__(self) -> None:
        # seat -> when its last tap's visit ended, the bet-zone boxes before it, when new chips first showed
        self.after_tap: dict[int, tuple[float, list[Box], float | None]] = {}

    def tapped(self, seat: int, t: float, lay_at_start: list[Box]) -> None:
        """The seat's visit ended at ``t`` as a tap; ``lay_at_start``: its bet zone's boxes as it came."""
        self.after_tap[seat] = (t, lay_at_start, None)

    def update(self, scene: TableScene, in_hand: bool) -> list[ChipAction]:
        """Chips that show in a seat's bet zone within ``LATE_S`` of a tap, with no hand there: the
        visit let them go under the hand, and they showed once it had gone (found a moment late). Seen
        in two detector calls running (seed + 18000 clock_countdown: the dealer's hand gathering the
        bet was boxed with a chip for one call), they are that visit's, even with the hand back (seed +
        2000 demo_feature_table: a string bet's first push showed as the hand came back with the second)."""
        out: list[ChipAction] = []
        for seat, (since, known, first) in list(self.after_tap.items()):
            if scene.t - since > LATE_S or not in_hand:
                del self.after_tap[seat]
                continue
            there = scene.in_place(f"seat{seat}_bet")
            new = [
                o for o in there if o.cls == "chip" and not any(iou(o.box, b) >= SIGHTING_IOU for b in known)
            ]
            # with what lay there gone from its place, a chip elsewhere is that one moving: the dealer
            # gathering the bet (seed + 30000 clean_heads_up_check_down: the big blind, blurred)
            if not new or any(all(iou(o.box, b) < SIGHTING_IOU for o in there) for b in known):
                self.after_tap[seat] = (since, known, None)
            elif first is None:
                self.after_tap[seat] = (since, known, scene.t)
            elif scene.t - first < NEXT_CALL_S:  # still the first call's boxes
                continue
            else:
                del self.after_tap[seat]
                values = tuple(sorted((o.value for o in new if o.value > 0), reverse=True))
                out.append(ChipAction(first, seat=seat, pushes=(values,) if values else (), counted=False))
        return out
