"""One GPU training run of the table detector, sized to a short lease on a machine that has a GPU
and many cores but nothing else (no network, no railbird install, maybe no room for a dataset).

    python -m datasets.train.detector_gpu --out OUT --init LAST.pt [--real REAL_FOLDER]
        [--images 9000] [--render-seconds 110] [--hours 0.1] [--imgsz 640] [--batch 64]

What it does, in order, each step logged to stdout and to ``OUT/run.json``:

1. renders a fresh simulator dataset (``railbird synth dataset``'s generator) with one process per
   core, stopping at ``--images`` or after ``--render-seconds``, whichever comes first; every image
   finished by then is kept (the generator writes its manifest either way);
2. writes a data.yaml training on those renders plus ``--real`` (a folder with ``images/train`` and
   ``labels/train`` from ``python -m datasets.train.detector_real``, scaled down to travel) and
   validating on the renders' val split;
3. trains with ultralytics on the GPU for a wall-clock budget of ``--hours`` (ultralytics' ``time``:
   the epoch count is re-estimated from the first epochs' speed and the learning-rate schedule and
   the closing epochs without mosaic follow it), validating once at the end;
4. leaves ``best.pt``, ``last.pt``, ``results.csv``, the renders' ``manifest.json`` and ``run.json``
   in ``OUT``.

Export to ONNX and the model card are done afterwards where the project is installed, with
``railbird train export OUT/best.pt --data DATA.yaml --imgsz 640 --trained-on "..."`` (export needs
``onnxslim``, which such a machine may lack). The shipped detector was trained by this script
(``models/detector.md`` gives its arguments and how its ``--real`` folder was cut down to travel).
Unlike the CPU recipe (``railbird train detector``) this run is not bit-for-bit reproducible:
cuDNN's fast kernels are not deterministic and the render count depends on the machine's speed.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import shutil
import sys
import time
from pathlib import Path


class RenderBudgetSpent(Exception):
    """Raised from the generator's progress callback to stop rendering on time."""


def render(out: Path, images: int, seed: int, size: int, seconds: float) -> dict[str, object]:
    """Render up to ``images`` dataset images into ``out`` within ``seconds``; returns the counts."""
    from datasets.sim.dataset import DatasetSpec, generate

    start = time.perf_counter()
    done = [0]

    def progress(count: int, total: int) -> None:
        done[0] = count
        if time.perf_counter() - start > seconds:
            raise RenderBudgetSpent

    try:
        spec = DatasetSpec(images=images, seed=seed, size=size)
        summary = generate(spec, out, os.cpu_count() or 1, progress)
        count, complete = summary.count, summary.complete
    except RenderBudgetSpent:
        count, complete = done[0], False
    took = time.perf_counter() - start
    print(f"rendered {count} images in {took:.0f} s (complete: {complete})", flush=True)
    return {"images": count, "complete": complete, "seconds": round(took, 1), "seed": seed, "size": size}


def write_data_yaml(renders: Path, real: Path | None, dest: Path) -> Path:
    """A data.yaml: train on the renders' train split (plus the real photos), validate on their val."""
    import yaml

    base = yaml.safe_load((renders / "data.yaml").read_text(encoding="utf-8"))
    train = [str(renders / "images" / "train")]
    if real is not None:
        train.append(str(real.resolve() / "images" / "train"))
    data = {"train": train, "val": str(renders / "images" / "val"), "nc": base["nc"], "names": base["names"]}
    dest.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return dest


def read_results_without_polars(trainer: object) -> dict[str, list[object]]:
    """ultralytics reads its results.csv with polars when it saves a checkpoint; a machine without
    polars gets the same dictionary from the csv module."""
    path = Path(trainer.csv)  # type: ignore[attr-defined]
    if not path.is_file():
        return {}
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    return {key.strip(): [float(r[key]) for r in rows] for key in (rows[0] if rows else {})}


def train(data: Path, init: str, out: Path, args: argparse.Namespace) -> Path:
    """The project's detector training (``datasets.train.detector.fit``) with a GPU run's settings;
    returns the run's folder under ``out``."""
    from datasets.train.detector import DetectorRecipe, fit
    from datasets.train.offline import prepare

    prepare()
    from ultralytics.engine.trainer import BaseTrainer

    try:
        import polars  # noqa: F401
    except ImportError:
        BaseTrainer.read_results_csv = read_results_without_polars  # type: ignore[method-assign]
    recipe = DetectorRecipe(
        str(data),
        epochs=args.max_epochs,
        hours=args.hours,
        imgsz=args.imgsz,
        batch=args.batch,
        device=args.device,
        workers=args.workers,
        seed=args.seed,
        model=init,
        deterministic=False,
        cache=args.cache or False,
        val=False,  # validated once, after the last epoch
        close_mosaic=args.close_mosaic,
        patience=1000,
    )
    return fit(recipe, out, "detector").parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--init", required=True, help="a .pt to continue from, or yolo26n.yaml")
    parser.add_argument("--real", type=Path, default=None)
    parser.add_argument("--work", type=Path, default=Path("/tmp/railbird_gpu_run"))
    parser.add_argument("--images", type=int, default=9000)
    parser.add_argument("--render-seconds", type=float, default=110.0)
    parser.add_argument("--render-seed", type=int, default=40)
    parser.add_argument("--hours", type=float, default=0.1)
    parser.add_argument("--max-epochs", type=int, default=300)
    parser.add_argument("--imgsz", type=int, default=640)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--device", default="0")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cache", default="ram", help="ram, disk or '' (none)")
    parser.add_argument("--close-mosaic", type=int, default=5)
    args = parser.parse_args(argv)

    args.out.mkdir(parents=True, exist_ok=True)
    report: dict[str, object] = {"args": {k: str(v) for k, v in vars(args).items()}, "python": sys.version}
    try:
        import torch

        report["torch"] = torch.__version__
        report["gpu"] = torch.cuda.get_device_name(0) if torch.cuda.is_available() else None
    except ImportError:
        pass
    report_path = args.out / "run.json"
    report_path.write_text(json.dumps(report, indent=1), encoding="utf-8")

    renders = args.work / "renders"
    shutil.rmtree(renders, ignore_errors=True)
    report["render"] = render(renders, args.images, args.render_seed, args.imgsz, args.render_seconds)
    shutil.copyfile(renders / "manifest.json", args.out / "manifest.json")
    report_path.write_text(json.dumps(report, indent=1), encoding="utf-8")

    data = write_data_yaml(renders, args.real, args.work / "data.yaml")
    start = time.perf_counter()
    try:
        run = train(data, args.init, args.work, args)
    finally:
        report["train_seconds"] = round(time.perf_counter() - start, 1)
        report["machine"] = f"{platform.machine()}, {os.cpu_count()} cores"
        weights = args.work / "runs" / "detector"
        for name in ("weights/best.pt", "weights/last.pt", "results.csv", "args.yaml"):
            if (weights / name).is_file():
                shutil.copyfile(weights / name, args.out / Path(name).name)
        report_path.write_text(json.dumps(report, indent=1), encoding="utf-8")
    print(f"done: {run}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
