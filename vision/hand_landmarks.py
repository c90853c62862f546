"""A second hand detector, trained on real hands: MediaPipe's palm detector and hand-landmark model.

The table detector (``models/detector.onnx``) learned hands from the simulator only and finds 12% of the
hands in real photos (``models/detector.md``). MediaPipe's two hand models were trained on real
photographs; the ``mediapipe`` 0.10.21 wheel on PyPI carries them as TFLite files, and they ship here
as ``models/palm_detection.tflite`` and ``models/hand_landmark.tflite`` (Apache-2.0;
``models/hand_landmarks.md``).
The ``mediapipe`` package itself is not a dependency (its last wheel with hand models pins numpy < 2);
the files run on LiteRT (``ai-edge-litert``), the TFLite runtime on PyPI.

Two steps, as MediaPipe's own hand tracking does:

1. **Palms.** The image, padded to a square, goes to the palm detector at 192 x 192. Its 2016 anchors
   lie on a 24 x 24 grid (2 a cell) and a 12 x 12 grid (6 a cell), each a unit square at its cell's
   centre; each row of its output is a box (centre offset, width, height, in input pixels) and seven
   palm keypoints (the wrist's middle first, the middle finger's base third), and a logit. Palms
   scoring ``PALM_SCORE`` or more are kept, the best of each overlapping group (``PALM_OVERLAP``).
2. **The hand.** Each palm gives a square crop of the whole hand: turned so the wrist-to-middle-finger
   line points up, moved half a palm towards the fingers, 2.6 palms across (MediaPipe's figures for
   this model). The landmark model reads the crop at 224 x 224 and gives the 21 joints and how sure it
   is that a hand is there (``PRESENCE``). The hand's box is the joints' box, widened by ``MARGIN`` of
   its size on each side (the joints lie inside the skin: wrist to fingertips, knuckle to knuckle).

``PalmHands`` answers like ``OnnxDetector``: one ``Detections`` a frame, of the single class ``hand``.
It is measured on real photos by ``python -m datasets.eval_real --hands mediapipe``. It is not in the
video pipeline yet: the palm detector reads a whole 1280 x 720 frame at 192 x 192, where a hand over
the table is a few pixels across, so on video it has to look at zone crops (``vision/close_look.py``).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.detections import Detections

MODELS = Path(__file__).resolve().parents[1] / "models"
PALM_MODEL = MODELS / "palm_detection.tflite"
LANDMARK_MODEL = MODELS / "hand_landmark.tflite"
PALM_SIZE = 192
LANDMARK_SIZE = 224
PALM_SCORE = 0.5
PALM_OVERLAP = 0.3  # IoU: two palm boxes overlapping more are one palm
PRESENCE = 0.5  # the landmark model's hand score a hand needs
HAND_SCALE = 2.6  # the hand's crop, in palm sizes
HAND_SHIFT = 0.5  # palm sizes the crop's centre moves from the palm's towards the fingers
MARGIN = 0.1  # of the joints' box's size, added on each side
NAMES = ("hand",)


def palm_anchors() -> np.ndarray:
    """(2016, 2) anchor centres, 0-1 of the palm detector's input, in its output's order."""
    centres = []
    for grid, per_cell in ((24, 2), (12, 6)):
        for y in range(grid):
            for x in range(grid):
                centres += [((x + 0.5) / grid, (y + 0.5) / grid)] * per_cell
    return np.array(centres, np.float32)


def decode_palms(
    raw: np.ndarray, logits: np.ndarray, anchors: np.ndarray, min_score: float = PALM_SCORE
) -> list[tuple[float, np.ndarray, np.ndarray]]:
    """The palm detector's (2016, 18) boxes and (2016,) logits -> (score, xyxy, (7, 2) keypoints),
    0-1 of its input, best first, one per palm."""
    scores = 1.0 / (1.0 + np.exp(-np.clip(logits, -100.0, 100.0)))
    palms = []
    for i in np.flatnonzero(scores >= min_score):
        r = raw[i] / PALM_SIZE
        cx, cy = r[0] + anchors[i, 0], r[1] + anchors[i, 1]
        box = np.array([cx - r[2] / 2, cy - r[3] / 2, cx + r[2] / 2, cy + r[3] / 2], np.float64)
        palms.append((float(scores[i]), box, r[4:].reshape(7, 2) + anchors[i]))
    if not palms:
        return []
    xywh = [[b[0], b[1], b[2] - b[0], b[3] - b[1]] for _, b, _ in palms]
    keep = cv2.dnn.NMSBoxes(xywh, [p[0] for p in palms], min_score, PALM_OVERLAP)  # best first
    return [palms[i] for i in np.asarray(keep, int).reshape(-1)]


def hand_crop(box: np.ndarray, keypoints: np.ndarray) -> tuple[float, float, float, float]:
    """A palm (xyxy and keypoints, pixels) -> the hand's crop: centre x, y, side (pixels) and the
    rotation (radians) that turns the wrist-to-middle-finger line upright."""
    (wx, wy), (mx, my) = keypoints[0], keypoints[2]
    rotation = math.pi / 2 - math.atan2(-(my - wy), mx - wx)
    rotation = (rotation + math.pi) % (2 * math.pi) - math.pi
    palm = max(box[2] - box[0], box[3] - box[1])
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    shift = -HAND_SHIFT * palm  # along the crop's own y: towards the fingers
    return cx - shift * math.sin(rotation), cy + shift * math.cos(rotation), palm * HAND_SCALE, rotation


class PalmHands:
    """Hands in BGR images by MediaPipe's palm and landmark models (the module docstring)."""

    def __init__(
        self, palm_model: Path = PALM_MODEL, landmark_model: Path = LANDMARK_MODEL, threads: int = 2
    ) -> None:
        try:
            from ai_edge_litert.interpreter import Interpreter
        except ImportError as e:  # pragma: no cover - a dependency in pyproject.toml
            raise RuntimeError("PalmHands needs ai-edge-litert: pip install -e . (pyproject.toml)") from e
        for path in (palm_model, landmark_model):
            if not Path(path).is_file():
                raise FileNotFoundError(
                    f"{path}: hand model missing; it ships in models/ (models/hand_landmarks.md)"
                )
        self._palm = Interpreter(model_path=str(palm_model), num_threads=threads)
        self._landmark = Interpreter(model_path=str(landmark_model), num_threads=threads)
        self._palm.allocate_tensors()
        self._landmark.allocate_tensors()
        self._anchors = palm_anchors()

    def __call__(self, images: list[np.ndarray] | np.ndarray) -> list[Detections]:
        batch = [images] if isinstance(images, np.ndarray) else images
        return [self._hands(image) for image in batch]

    @staticmethod
    def _run(it: Any, tensor: np.ndarray) -> list[np.ndarray]:
        """One run of a LiteRT interpreter: its outputs by name (``Identity``, ``Identity_1``, ...)."""
        it.set_tensor(it.get_input_details()[0]["index"], tensor[None])
        it.invoke()
        outputs = sorted(it.get_output_details(), key=lambda d: d["name"])
        return [it.get_tensor(d["index"])[0] for d in outputs]

    def _hands(self, image: np.ndarray) -> Detections:
        h, w = image.shape[:2]
        side = max(h, w)
        ox, oy = (side - w) // 2, (side - h) // 2
        square = np.zeros((side, side, 3), np.uint8)
        square[oy : oy + h, ox : ox + w] = image
        small = cv2.cvtColor(cv2.resize(square, (PALM_SIZE, PALM_SIZE)), cv2.COLOR_BGR2RGB)
        raw, logits = self._run(self._palm, small.astype(np.float32) / 255.0)
        boxes, scores = [], []
        offset = np.array([ox, oy], np.float64)
        for _, box, keypoints in decode_palms(raw, logits[:, 0], self._anchors):
            found = self._hand(image, box * side - np.tile(offset, 2), keypoints * side - offset)
            if found is not None:
                boxes.append(found[0])
                scores.append(found[1])
        if not boxes:
            return Detections.empty(NAMES)
        xyxy = np.clip(np.array(boxes, np.float32), 0, np.array([w, h, w, h], np.float32))
        return Detections(xyxy, np.array(scores, np.float32), np.zeros(len(boxes), np.int32), NAMES)

    def _hand(
        self, image: np.ndarray, box: np.ndarray, keypoints: np.ndarray
    ) -> tuple[np.ndarray, float] | None:
        """The hand's box (pixels) and presence from one palm, or None below ``PRESENCE``."""
        cx, cy, side, rotation = hand_crop(box, keypoints)
        to_crop = cv2.getRotationMatrix2D((cx, cy), math.degrees(rotation), LANDMARK_SIZE / side)
        to_crop[:, 2] += np.array([LANDMARK_SIZE / 2 - cx, LANDMARK_SIZE / 2 - cy])
        crop = cv2.warpAffine(image, to_crop, (LANDMARK_SIZE, LANDMARK_SIZE))
        joints, presence, _, _ = self._run(
            self._landmark, cv2.cvtColor(crop, cv2.COLOR_BGR2RGB).astype(np.float32) / 255.0
        )
        if float(presence[0]) < PRESENCE:
            return None
        back = cv2.invertAffineTransform(to_crop)
        points = joints.reshape(21, 3)[:, :2] @ back[:, :2].T + back[:, 2]
        lo, hi = points.min(axis=0), points.max(axis=0)
        pad = MARGIN * (hi - lo)
        return np.concatenate([lo - pad, hi + pad]), float(presence[0])
