"""Train the table detector: YOLO26n from scratch on simulator images, exported NMS-free to ONNX.

No pretrained weights can be fetched here, so the network starts from ``yolo26n.yaml``. Training
is ultralytics on the CPU (or a GPU where one is present), offline, seeded. The run writes the ONNX
model and its model card (data, recipe, epochs, metrics) next to each other.
"""

from __future__ import annotations

import json
import platform
import shutil
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from datasets.train.offline import prepare


@dataclass(frozen=True, slots=True)
class DetectorRecipe:
    data: str  # data.yaml of a `railbird synth dataset` folder
    epochs: int = 30
    imgsz: int = 640
    batch: int = 16
    seed: int = 0
    model: str = "yolo26n.yaml"  # an architecture (from scratch) or a .pt to continue from
    device: str = "cpu"
    workers: int = 2
    patience: int = 50
    mosaic: float = 1.0
    close_mosaic: int = 5
    hours: float | None = None  # wall-clock budget; when set it overrides epochs (ultralytics `time`)
    deterministic: bool = True  # False on a GPU: cuDNN's fast kernels are not deterministic
    cache: str | bool = False  # "ram": decode every image once (a GPU waits on JPEG decoding otherwise)
    val: bool = True  # False: validate only after the last epoch


@dataclass(frozen=True, slots=True)
class DetectorRun:
    onnx: Path
    card: Path
    metrics: dict[str, float]
    per_class_map50: dict[str, float]
    seconds: float


def train_detector(recipe: DetectorRecipe, out: Path, name: str = "detector") -> DetectorRun:
    """Train, validate and export; writes ``out/<name>.onnx`` and ``out/<name>.md``."""
    start = time.perf_counter()
    best = fit(recipe, out, name)
    return finalize(best, recipe, out, name, time.perf_counter() - start)


def fit(recipe: DetectorRecipe, out: Path, name: str = "detector") -> Path:
    """Train with ultralytics into ``out/runs/<name>``; returns its ``best.pt`` (no export: that is
    ``finalize``, which a machine without onnxslim cannot run)."""
    prepare()
    from ultralytics import YOLO  # imported after the offline environment is set

    data = Path(recipe.data)
    if not data.is_file():
        raise FileNotFoundError(f"{data}: no such data.yaml (make one with `railbird synth dataset`)")
    out.mkdir(parents=True, exist_ok=True)
    runs = out / "runs"
    init = recipe.model
    if init.endswith(".pt"):
        init = str(widen_classes(Path(init), data_names(data), out / "init_widened.pt"))
    model = YOLO(init)
    model.train(
        data=str(data),
        epochs=recipe.epochs,
        imgsz=recipe.imgsz,
        batch=recipe.batch,
        device=recipe.device,
        workers=recipe.workers,
        seed=recipe.seed,
        deterministic=recipe.deterministic,
        amp=False,
        plots=False,
        patience=recipe.patience,
        mosaic=recipe.mosaic,
        close_mosaic=recipe.close_mosaic,
        time=recipe.hours,
        cache=recipe.cache,
        val=recipe.val,
        project=str(runs),
        name=name,
        exist_ok=True,
        verbose=False,
    )
    return runs / name / "weights" / "best.pt"


def data_names(data: Path) -> list[str]:
    """The class names a data.yaml lists, in order."""
    import yaml

    names = yaml.safe_load(data.read_text(encoding="utf-8"))["names"]
    return [names[k] for k in sorted(names)] if isinstance(names, dict) else list(names)


def widen_classes(weights: Path, names: list[str], dest: Path) -> Path:
    """``weights`` ready to continue training on a dataset whose classes are its own plus new ones at
    the end (the simulator gained ``player``). Ultralytics would start every class head over when the
    class count changes; here each class layer keeps its learned rows and only the new classes' rows
    start fresh. Weights whose classes already match come back unchanged; any other mismatch is an
    error that names both lists."""
    import torch
    from ultralytics.nn.tasks import DetectionModel

    ckpt = torch.load(weights, map_location="cpu", weights_only=False)
    old = (ckpt.get("ema") or ckpt["model"]).float()
    have = [old.names[k] for k in sorted(old.names)]
    if have == names:
        return weights
    if names[: len(have)] != have:
        raise ValueError(f"{weights}: its classes {have} are not the start of the dataset's {names}")
    wide = DetectionModel({**old.yaml, "nc": len(names)}, nc=len(names), verbose=False)
    state = wide.state_dict()
    for key, value in old.state_dict().items():
        target = state[key]
        if target.shape == value.shape:
            target.copy_(value)
        elif target.shape[1:] == value.shape[1:] and target.shape[0] > value.shape[0]:
            target[: value.shape[0]] = value  # a class layer: learned rows kept, new rows as initialised
        else:
            shapes = f"{tuple(value.shape)}, expected {tuple(target.shape)}"
            raise ValueError(f"{weights}: layer {key} is {shapes}")
    wide.load_state_dict(state)
    wide.names = dict(enumerate(names))
    dest.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"model": wide, "train_args": ckpt.get("train_args", {})}, dest)
    return dest


def finalize(
    best: Path, recipe: DetectorRecipe, out: Path, name: str, seconds: float, trained_on: str | None = None
) -> DetectorRun:
    """Validate trained weights, export them NMS-free to ONNX and write the model card. Also usable
    on the ``best.pt`` of a run that was stopped early, or made on another machine (``trained_on``
    says which, for the card)."""
    prepare()
    from ultralytics import YOLO

    data = Path(recipe.data)
    runs = out / "runs"
    trained = YOLO(str(best))
    metrics = trained.val(
        data=str(data),
        imgsz=recipe.imgsz,
        batch=recipe.batch,
        device=recipe.device,
        plots=False,
        verbose=False,
        project=str(runs),
        name=f"{name}_val",
        exist_ok=True,
    )
    names = trained.names
    per_class = {
        names[int(c)]: float(m) for c, m in zip(metrics.box.ap_class_index, metrics.box.ap50, strict=True)
    }
    summary = {"mAP50": float(metrics.box.map50), "mAP50-95": float(metrics.box.map)}
    exported = Path(trained.export(format="onnx", nms=False, imgsz=recipe.imgsz, simplify=True, dynamic=True))
    onnx = out / f"{name}.onnx"
    shutil.copyfile(exported, onnx)
    card = out / f"{name}.md"
    run = DetectorRun(onnx, card, summary, per_class, seconds)
    card.write_text(model_card(recipe, run, data, trained_on), encoding="utf-8")
    (out / f"{name}.json").write_text(
        json.dumps(
            {
                "recipe": asdict(recipe),
                "metrics": summary,
                "per_class_map50": per_class,
                "train_seconds": seconds,
            },
            indent=2,
        ),
        encoding="utf-8",
    )
    return run


CLASS_REASONS = {
    "card_up": "a face-up card: exposed or boxed cards, tabled hands, the board; the card reader reads it",
    "card_down": "a face-down card: the deal's counts per seat, folds, cards leaving the table",
    "chip": "one box per stack top (per stack face when oblique); value comes from colour, so one class"
    " serves every denomination and chip set",
    "hand": "pushes, returns to the stack, taps and folds are read from where hands go",
    "dealer_button": "where the button is at the deal (a misdeal check, and the button's rotation)",
    "phone": "a foreign object the house rules name (no phones at the table)",
    "drink": "a foreign object the house rules name (open drinks off the felt)",
    "card_protector": "one protector per player; one pushed forward is a non-value item",
    "player": "a seated player (shoulders, arms, head behind the rail): seat presence, for a seat absent"
    " at the deal or left with a live hand",
}


REAL_SOURCES = {
    "blackjack_v13_train": 'Roboflow Universe "Black Jack" v13 (black-jack-group-alpha), train split, '
    "CC BY 4.0",
    "edje_cards_train": "EdjeElectronics TensorFlow Object Detection API cards, images/train only, "
    "Apache-2.0",
}


def data_description(data: Path) -> str:
    """What a data.yaml trains on, from the manifests beside it: the simulator's images and instances,
    and the real photos ``datasets.train.detector_real`` added (with their sources and licences)."""
    manifest = data.parent / "manifest.json"
    info = json.loads(manifest.read_text(encoding="utf-8")) if manifest.is_file() else {}
    lines = []
    real = info.get("counts") if "synthetic" in info else None
    if real is not None:  # a detector_real folder: the synthetic dataset's manifest is beside its data.yaml
        synthetic = Path(info["synthetic"]).parent / "manifest.json"
        info = json.loads(synthetic.read_text(encoding="utf-8")) if synthetic.is_file() else {}
    lines.append(
        "Synthetic overhead and oblique poker-table frames from the railbird simulator "
        "(`railbird synth dataset`), plus close-ups" + ("." if real else "; no real images in training.")
    )
    if info:
        lines.append(f"- images: {info.get('count', '?')} (seed {info.get('seed', '?')})")
        per_class = info.get("instances") or info.get("per_class") or {}
        if per_class:
            lines.append("- instances: " + ", ".join(f"{k} {v}" for k, v in per_class.items()))
    if real:
        lines.append(
            "- real photos (`python -m datasets.train.detector_real`), cards and chips labelled, hands and "
            "other objects not:"
        )
        for key, counts in real.items():
            lines.append(
                f"  - {REAL_SOURCES.get(key, key)}: {counts.get('images', '?')} photos, "
                f"{counts.get('boxes', '?')} boxes"
            )
        lines.append(
            "- kept out of training: `edje_cards/images/test` and `hands_rf_v2`, the real-photo measurements"
        )
    return "\n".join(lines) + "\n"


def model_card(recipe: DetectorRecipe, run: DetectorRun, data: Path, trained_on: str | None = None) -> str:
    rows = "\n".join(f"| {k} | {v:.3f} |" for k, v in sorted(run.per_class_map50.items()))
    classes = "\n".join(
        f"- `{name}`: {CLASS_REASONS.get(name, 'no reason recorded')}" for name in data_names(data)
    )
    budget = f" (or fewer: stopped by a {recipe.hours:.2f} h budget)" if recipe.hours else ""
    machine = f"{platform.machine()} ({platform.processor() or 'cpu'})"
    where = (
        f"device: {recipe.device} on {machine}, training took {run.seconds / 60:.1f} min"
        if trained_on is None
        else f"trained on another machine: {trained_on}; validated and exported on {machine}"
    )
    start = (
        f"architecture: `{recipe.model}` from scratch (no pretrained weights available offline)"
        if recipe.model.endswith(".yaml")
        else f"continued from our own earlier weights `{recipe.model}` (YOLO26n, trained here from scratch)"
    )
    return f"""# {run.onnx.stem}: table detector (YOLO26n, ONNX, NMS-free)

## Data
{data_description(data)}
## Classes, and why these
{classes}

## Recipe
- {start}
- epochs {recipe.epochs}{budget}, image size {recipe.imgsz}, batch {recipe.batch}, seed {recipe.seed}, AMP off
- {where}
- export: ONNX, `nms=False` (end-to-end head, output (batch, 300, 6)), dynamic shapes: a frame is
  fed at its own aspect with its long side at {recipe.imgsz} (a 16:9 camera frame: 192x320 at 320)

## Synthetic validation (the dataset's val split)
- mAP50 {run.metrics["mAP50"]:.3f}, mAP50-95 {run.metrics["mAP50-95"]:.3f}

| class | mAP50 |
|---|---|
{rows}

## Real photos
Measured by `python -m datasets.eval_real` (see its section below when it has run).
"""
