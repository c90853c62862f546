"""The object detector: an NMS-free YOLO exported to ONNX, run by ONNX Runtime.

Preprocess (letterbox), infer and postprocess are separate, timed steps. Class names and the input
size come from the model's metadata; the session is warmed up once at load. CPU by default; CUDA
and TensorRT providers are used when ONNX Runtime has them. Frames from several cameras can be
passed together: with a model exported for dynamic batch they go through in one call.
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

PREFERRED_PROVIDERS = ("TensorrtExecutionProvider", "CUDAExecutionProvider", "CPUExecutionProvider")


class ModelError(RuntimeError):
    """A model file that is missing, corrupt, or not the kind railbird expects."""


@dataclass(frozen=True, slots=True)
class Letterbox:
    """How a frame was fitted into the square model input: ``scale`` then ``pad`` (x, y) pixels."""

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
    try:
        return ort.InferenceSession(str(path), options, providers=chosen)
    except Exception as exc:  # onnxruntime raises several types for a bad file
        raise ModelError(f"{path}: not a loadable ONNX model ({type(exc).__name__}: {exc})") from None


class OnnxDetector:
    def __init__(
        self, path: Path | str, conf: float = 0.25, providers: tuple[str, ...] | None = None, threads: int = 2
    ) -> None:
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
        size = inp.shape[-1]
        self.imgsz = (
            int(size) if isinstance(size, int) else int(ast.literal_eval(meta.get("imgsz", "[640]"))[0])
        )
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
        self(np.zeros((self.imgsz, self.imgsz, 3), np.uint8))  # warm-up

    # ----- steps -----------------------------------------------------------------------------

    def preprocess(self, frames: list[np.ndarray]) -> tuple[np.ndarray, list[Letterbox]]:
        """BGR uint8 frames -> (b, 3, s, s) float32 RGB 0..1 and how each was letterboxed."""
        s = self.imgsz
        batch = np.full((len(frames), s, s, 3), 114, dtype=np.uint8)
        boxes = []
        for i, frame in enumerate(frames):
            if frame is None or frame.ndim != 3 or frame.shape[2] != 3:
                shape = None if frame is None else frame.shape
                raise ValueError(f"frame {i}: expected an (h, w, 3) BGR image, got {shape}")
            h, w = frame.shape[:2]
            scale = min(s / h, s / w)
            nh, nw = round(h * scale), round(w * scale)
            top, left = (s - nh) // 2, (s - nw) // 2
            batch[i, top : top + nh, left : left + nw] = cv2.resize(
                frame, (nw, nh), interpolation=cv2.INTER_LINEAR
            )
            boxes.append(Letterbox(scale, (left, top), (h, w)))
        tensor = batch[..., ::-1].transpose(0, 3, 1, 2).astype(np.float32) / 255.0
        return np.ascontiguousarray(tensor), boxes

    def infer(self, tensor: np.ndarray) -> np.ndarray:
        """(b, 3, s, s) -> (b, max_det, 6): x1, y1, x2, y2, score, class in input pixels."""
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
