"""The object detector: an NMS-free YOLO exported to ONNX, run by ONNX Runtime.

Preprocess (letterbox), infer and postprocess are separate, timed steps. Class names and the input
size come from the model's metadata; the session is warmed up once at load. A model exported with
dynamic shapes (what `railbird train detector` writes) takes each frame at its own aspect, so a
16:9 camera frame at 320 is a 320x192 input rather than 320x320 (about 12 ms instead of 14 here).
CPU by default; CUDA and TensorRT providers are used when ONNX Runtime has them. Frames from several
cameras can be passed together: with a model exported for dynamic batch they go through in one call.
"""

from __future__ import annotations

import ast
import time
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
import onnxruntime as ort

from vision.detections import Detections

MIN_SIDE = 128  # smallest input side: 128x128 gives the head's TopK its 300 anchors
PREFERRED_PROVIDERS = ("TensorrtExecutionProvider", "CUDAExecutionProvider", "CPUExecutionProvider")


class ModelError(RuntimeError):
    """A model file that is missing, corrupt, or not the kind railbird expects."""


@dataclass(frozen=True, slots=True)
class Letterbox:
    """How a frame was fitted into the model input: ``scale`` then ``pad`` (x, y) pixels."""

    scale: float
    pad: tuple[float, float]
    shape: tuple[int, int]  # original (height, width)


@dataclass(slots=True)
class StepTimes:
    """Milliseconds of the last call, per step."""

    preprocess: float = 0.0
    infer: float = 0.0
    postprocess: float = 0.0
    history: list[tuple[float, float, float]] = field(default_factory=list)


def open_session(
    path: Path, providers: tuple[str, ...] | None = None, threads: int = 2
) -> ort.InferenceSession:
    """An ONNX Runtime session on the best provider present (CUDA/TensorRT before CPU), ``threads``
    intra-op threads; a file ONNX Runtime cannot load is a ``ModelError`` naming it."""
    available = ort.get_available_providers()
    chosen = [p for p in (providers or PREFERRED_PROVIDERS) if p in available] or ["CPUExecutionProvider"]
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    # Idle pool threads must not spin: a camera worker runs the detector and the card reader one
    # after the other, and spinning threads of one session steal the cores the other needs.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    try:
        return ort.InferenceSession(str(path), options, providers=chosen)
    except Exception as exc:  # onnxruntime raises several types for a bad file
        raise ModelError(f"{path}: not a loadable ONNX model ({type(exc).__name__}: {exc})") from None


def open_classifier(
    path: Path, what: str, train_hint: str, providers: tuple[str, ...] | None = None, threads: int = 2
) -> tuple[ort.InferenceSession, dict[str, str]]:
    """A crop classifier's session and its custom metadata; a missing file is a ``ModelError`` that
    names ``what`` it is and how to train one (``train_hint``)."""
    if not path.is_file():
        raise ModelError(f"{path}: {what} not found (train it with `{train_hint}`)")
    session = open_session(path, providers, threads)
    return session, dict(session.get_modelmeta().custom_metadata_map)


class OnnxDetector:
    def __init__(
        self,
        path: Path | str,
        conf: float = 0.25,
        providers: tuple[str, ...] | None = None,
        threads: int = 2,
        imgsz: int | None = None,
    ) -> None:
        """``imgsz``: the long side frames are scaled to, for a model exported with dynamic shapes
        (default: the size it was trained at); a fixed-shape model ignores it."""
        path = Path(path)
        if not path.is_file():
            raise ModelError(
                f"{path}: model file not found (run `railbird train detector` or restore models/)"
            )
        self.session = open_session(path, providers, threads)
        meta = self.session.get_modelmeta().custom_metadata_map
        try:
            names_map = ast.literal_eval(meta["names"])
            self.names: tuple[str, ...] = tuple(names_map[i] for i in sorted(names_map))
        except (KeyError, ValueError, SyntaxError):
            raise ModelError(
                f"{path}: no class names in the model metadata (export it with ultralytics)"
            ) from None
        inp = self.session.get_inputs()[0]
        self.input_name = inp.name
        height, width = inp.shape[2], inp.shape[3]
        # A fixed (h, w) input is letterboxed into; a dynamic one (the default export) takes each
        # frame at its own aspect: long side ``imgsz``, short side padded to the stride.
        self.input_hw: tuple[int, int] | None = (
            (height, width) if isinstance(height, int) and isinstance(width, int) else None
        )
        trained_at = ast.literal_eval(meta.get("imgsz", "[640]"))
        meta_size = max(trained_at) if isinstance(trained_at, list | tuple) else int(trained_at)
        if self.input_hw is not None:
            self.imgsz = max(self.input_hw)
        else:
            self.imgsz = int(imgsz or meta_size)
        self.stride = int(meta.get("stride", 32))
        self.fixed_batch = inp.shape[0] if isinstance(inp.shape[0], int) else None
        out = self.session.get_outputs()[0].shape
        if len(out) != 3 or out[-1] != 6:
            raise ModelError(
                f"{path}: output shape {out} is not the NMS-free (batch, max_det, 6) head; "
                "export with format='onnx', nms=False from a YOLO26 model"
            )
        self.conf = conf
        self.path = path
        self.providers = tuple(self.session.get_providers())
        self.times = StepTimes()
        self(np.zeros((self.imgsz * 9 // 16, self.imgsz, 3), np.uint8))  # warm-up

    # ----- steps -----------------------------------------------------------------------------

    def input_shape(self, frame_hw: tuple[int, int]) -> tuple[int, int]:
        """The (height, width) the model is fed for a frame of ``frame_hw`` (a fixed-shape model
        always takes its own shape)."""
        if self.input_hw is not None:
            return self.input_hw
        s = self.imgsz / max(frame_hw)
        height, width = (max(1, -(-round(side * s) // self.stride)) * self.stride for side in frame_hw)
        return height, width

    def preprocess(self, frames: list[np.ndarray]) -> tuple[np.ndarray, list[Letterbox]]:
        """BGR uint8 frames -> (b, 3, h, w) float32 RGB 0..1 and how each was letterboxed. Frames of
        different shapes share the largest input shape among them."""
        for i, frame in enumerate(frames):
            if frame is None or frame.ndim != 3 or frame.shape[2] != 3:
                shape = None if frame is None else frame.shape
                raise ValueError(f"frame {i}: expected an (h, w, 3) BGR image, got {shape}")
        shapes = [self.input_shape(frame.shape[:2]) for frame in frames]
        sh, sw = max(MIN_SIDE, *(s[0] for s in shapes)), max(MIN_SIDE, *(s[1] for s in shapes))
        batch = np.full((len(frames), sh, sw, 3), 114, dtype=np.uint8)
        boxes = []
        for i, frame in enumerate(frames):
            h, w = frame.shape[:2]
            s = min(sh / h, sw / w)
            nh, nw = max(1, min(sh, round(h * s))), max(1, min(sw, round(w * s)))
            top, left = (sh - nh) // 2, (sw - nw) // 2
            batch[i, top : top + nh, left : left + nw] = cv2.resize(
                frame, (nw, nh), interpolation=cv2.INTER_LINEAR
            )
            boxes.append(Letterbox(s, (left, top), (h, w)))
        return _tensor(batch), boxes

    def infer(self, tensor: np.ndarray) -> np.ndarray:
        """(b, 3, h, w) -> (b, max_det, 6): x1, y1, x2, y2, score, class in input pixels."""
        if self.fixed_batch is None or self.fixed_batch == len(tensor):
            return self.session.run(None, {self.input_name: tensor})[0]
        return np.concatenate([self.session.run(None, {self.input_name: t[None]})[0] for t in tensor])

    def postprocess(self, raw: np.ndarray, boxes: list[Letterbox]) -> list[Detections]:
        results = []
        for rows, box in zip(raw, boxes, strict=True):
            keep = rows[:, 4] >= self.conf
            rows = rows[keep]
            xyxy = rows[:, :4].copy()
            xyxy[:, [0, 2]] = (xyxy[:, [0, 2]] - box.pad[0]) / box.scale
            xyxy[:, [1, 3]] = (xyxy[:, [1, 3]] - box.pad[1]) / box.scale
            h, w = box.shape
            xyxy[:, [0, 2]] = xyxy[:, [0, 2]].clip(0, w)
            xyxy[:, [1, 3]] = xyxy[:, [1, 3]].clip(0, h)
            results.append(
                Detections(
                    xyxy.astype(np.float32),
                    rows[:, 4].astype(np.float32),
                    rows[:, 5].astype(np.int32),
                    self.names,
                )
            )
        return results

    def detect_in(self, frame: np.ndarray, box: np.ndarray) -> tuple[Detections, np.ndarray]:
        """Detect in one part of a frame only, at the scale the whole frame is fed at (objects look
        the size they were trained at): ``box`` (xyxy pixels) grown to whole strides at that scale,
        at least ``MIN_SIDE``, centred on it and kept inside the frame (padded as a letterbox is where
        the frame ends). Returns the detections in frame pixels and the box looked at. A fixed-shape
        model looks at the whole frame."""
        h, w = frame.shape[:2]
        if self.input_hw is not None:
            return self(frame)[0], np.array([0, 0, w, h], np.float32)
        s = self.imgsz / max(h, w)
        starts, sizes, inputs = [], [], []
        for lo, hi, size in ((float(box[0]), float(box[2]), w), (float(box[1]), float(box[3]), h)):
            side_in = max(MIN_SIDE, -(-round((hi - lo) * s) // self.stride) * self.stride)
            side = min(size, round(side_in / s))
            starts.append(int(min(max(0, round((lo + hi - side) / 2)), size - side)))
            sizes.append(side)
            inputs.append(side_in)
        (x0, y0), (cw, ch), (in_w, in_h) = starts, sizes, inputs
        nw, nh = min(in_w, round(cw * s)), min(in_h, round(ch * s))
        batch = np.full((1, in_h, in_w, 3), 114, dtype=np.uint8)
        batch[0, :nh, :nw] = cv2.resize(
            frame[y0 : y0 + ch, x0 : x0 + cw], (nw, nh), interpolation=cv2.INTER_LINEAR
        )
        # the part sits at the input's top left, as a letterbox would; its boxes move back to the frame
        (found,) = self.postprocess(self.infer(_tensor(batch)), [Letterbox(nw / cw, (0, 0), (ch, cw))])
        found.xyxy[:, [0, 2]] += x0
        found.xyxy[:, [1, 3]] += y0
        return found, np.array([x0, y0, x0 + cw, y0 + ch], np.float32)

    def detect_parts(self, frame: np.ndarray, boxes: np.ndarray, zoom: float) -> list[Detections]:
        """Detect in each of ``boxes`` ((k, 4) xyxy frame pixels, inside the frame) at ``zoom`` times the
        scale the whole frame is fed at, in one batch: a chip 8 px across to the whole-frame call is 16
        at zoom 2 (`vision.close_look`). Returns one ``Detections`` per box, in frame pixels. Needs a
        model exported with dynamic shapes."""
        if self.input_hw is not None:
            raise ModelError(f"{self.path}: a fixed-shape model cannot look closer at part of a frame")
        if len(boxes) == 0:
            return []
        s = zoom * self.imgsz / max(frame.shape[:2])
        crops, sizes = [], []
        for x0, y0, x1, y1 in np.asarray(boxes).round().astype(int):
            crop = frame[y0:y1, x0:x1]
            crops.append(crop)
            sizes.append((max(1, round(crop.shape[0] * s)), max(1, round(crop.shape[1] * s))))
        in_h = max(MIN_SIDE, -(-max(h for h, _ in sizes) // self.stride) * self.stride)
        in_w = max(MIN_SIDE, -(-max(w for _, w in sizes) // self.stride) * self.stride)
        batch = np.full((len(crops), in_h, in_w, 3), 114, dtype=np.uint8)
        fits = []
        for i, (crop, (nh, nw)) in enumerate(zip(crops, sizes, strict=True)):
            batch[i, :nh, :nw] = cv2.resize(crop, (nw, nh), interpolation=cv2.INTER_LINEAR)
            fits.append(Letterbox(nw / crop.shape[1], (0, 0), crop.shape[:2]))
        found = self.postprocess(self.infer(_tensor(batch)), fits)
        for dets, (x0, y0, _, _) in zip(found, np.asarray(boxes).round().astype(int), strict=True):
            dets.xyxy[:, [0, 2]] += x0
            dets.xyxy[:, [1, 3]] += y0
        return found

    def __call__(self, frames: np.ndarray | list[np.ndarray]) -> list[Detections]:
        """Detect objects in one frame or a list of frames (e.g. one per camera)."""
        batch = [frames] if isinstance(frames, np.ndarray) else list(frames)
        t0 = time.perf_counter()
        tensor, boxes = self.preprocess(batch)
        t1 = time.perf_counter()
        raw = self.infer(tensor)
        t2 = time.perf_counter()
        results = self.postprocess(raw, boxes)
        t3 = time.perf_counter()
        self.times.preprocess, self.times.infer, self.times.postprocess = (
            (t1 - t0) * 1e3,
            (t2 - t1) * 1e3,
            (t3 - t2) * 1e3,
        )
        return results


def _tensor(batch: np.ndarray) -> np.ndarray:
    """(b, h, w, 3) BGR uint8 -> (b, 3, h, w) float32 RGB 0..1, contiguous."""
    return np.ascontiguousarray(batch[..., ::-1].transpose(0, 3, 1, 2).astype(np.float32) / 255.0)
