"""Speed of the shipped models on this machine: milliseconds per frame / per card (p50, p95)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from vision.detector import OnnxDetector


@dataclass(frozen=True, slots=True)
class Timing:
    what: str
    p50_ms: float
    p95_ms: float
    runs: int

    def __str__(self) -> str:
        return f"{self.what}: p50 {self.p50_ms:.1f} ms, p95 {self.p95_ms:.1f} ms ({self.runs} runs)"


def _timed(fn, runs: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1e3)
    arr = np.array(samples)
    return float(np.percentile(arr, 50)), float(np.percentile(arr, 95))


def bench_detector(
    path: Path,
    runs: int = 50,
    threads: int = 2,
    frame_shape: tuple[int, int] = (720, 1280),
    imgsz: int | None = None,
) -> Timing:
    """Whole detector call (letterbox + inference + decoding) on a 1280x720 frame; ``imgsz`` sets the
    long side for a dynamic-shape model (default: its training size)."""
    detector = OnnxDetector(path, threads=threads, imgsz=imgsz)
    rng = np.random.default_rng(0)
    frame = rng.integers(0, 255, (*frame_shape, 3), dtype=np.uint8)
    for _ in range(3):
        detector(frame)
    p50, p95 = _timed(lambda: detector(frame), runs)
    h, w = detector.input_shape(frame_shape)
    return Timing(f"detector {path.name} at {detector.imgsz} (input {w}x{h})", p50, p95, runs)


def main(argv: list[str] | None = None) -> None:
    """``python -m vision.speed MODEL.onnx... [--imgsz 320 640]``: detector milliseconds per 1280x720
    frame, at each long side a dynamic-shape model is asked for."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("models", nargs="*", type=Path, default=[Path("models/detector.onnx")])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--imgsz", type=int, nargs="*", default=[320, 640])
    args = parser.parse_args(argv)
    for model in args.models:
        for imgsz in args.imgsz:
            print(bench_detector(model, runs=args.runs, threads=args.threads, imgsz=imgsz))


if __name__ == "__main__":
    main()
