"""Drawing what the analyzer saw onto a frame (annotators return images; logic never draws)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.analyze import SeenObject

COLOURS = {
    "card_up": (60, 220, 60),
    "card_down": (200, 120, 40),
    "chip": (40, 200, 240),
    "hand": (200, 80, 200),
    "dealer_button": (255, 255, 255),
    "phone": (40, 40, 255),
    "drink": (255, 200, 80),
    "card_protector": (160, 160, 160),
    "player": (120, 120, 255),
}


def caption(obj: SeenObject) -> str:
    text = obj.cls
    if obj.card:
        text = obj.card
    elif obj.chip_value is not None:
        text = f"{obj.chip_colour} {obj.chip_value:,}" if obj.chip_value else f"chip {obj.chip_colour}"
    elif obj.drink:
        text = f"drink {obj.drink}"
    if obj.zone:
        text += f" @{obj.zone}"
    return f"{text} {obj.confidence:.2f}"


def annotate(image: np.ndarray, seen: list[SeenObject]) -> np.ndarray:
    """A copy of ``image`` (BGR uint8) with a box and a caption per object."""
    out = image.copy()
    scale = max(0.4, min(out.shape[:2]) / 900)
    for obj in seen:
        colour = COLOURS.get(obj.cls, (0, 255, 255))
        x0, y0, x1, y1 = (round(v) for v in obj.box)
        cv2.rectangle(out, (x0, y0), (x1, y1), colour, max(1, int(2 * scale)))
        text = caption(obj)
        (tw, th), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 0.5 * scale, 1)
        top = max(0, y0 - th - base - 2)
        cv2.rectangle(out, (x0, top), (x0 + tw + 4, top + th + base + 2), colour, -1)
        cv2.putText(
            out,
            text,
            (x0 + 2, top + th + 1),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.5 * scale,
            (0, 0, 0),
            1,
            cv2.LINE_AA,
        )
    return out
