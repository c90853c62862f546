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
    path: Path, runs: int = 50, threads: int = 2, frame_shape: tuple[int, int] = (720, 1280)
) -> Timing:
    """Whole detector call (letterbox + inference + decoding) on a 1280x720 frame."""
    detector = OnnxDetector(path, threads=threads)
    rng = np.random.default_rng(0)
    frame = rng.integers(0, 255, (*frame_shape, 3), dtype=np.uint8)
    for _ in range(3):
        detector(frame)
    p50, p95 = _timed(lambda: detector(frame), runs)
    return Timing(f"detector {path.name} at {detector.imgsz}", p50, p95, runs)


def main(argv: list[str] | None = None) -> None:
    """``python -m vision.speed MODEL.onnx...``: detector milliseconds per 1280x720 frame."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("models", nargs="*", type=Path, default=[Path("models/detector.onnx")])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)
    for model in args.models:
        print(bench_detector(model, runs=args.runs, threads=args.threads))


if __name__ == "__main__":
    main()
