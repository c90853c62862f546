"""``railbird train ...``: train the detector, the card classifier and the drink classifier (needs the
``train`` extra)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

train_app = typer.Typer(
    help="Train railbird's models from simulator data (needs the train extra).", no_args_is_help=True
)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def _need_train_extra() -> None:
    try:
        import torch  # noqa: F401
        import ultralytics  # noqa: F401
    except ImportError:
        err.print("[bold red]error:[/] training needs the train extra: pip install -e '.[train]'")
        raise typer.Exit(code=2) from None


@train_app.command("detector")
def detector_command(
    data: Annotated[Path, typer.Option(help="data.yaml written by `railbird synth dataset`")],
    out: Annotated[Path, typer.Option(help="folder for detector.onnx and its model card")] = Path("models"),
    epochs: Annotated[int, typer.Option(min=1)] = 30,
    imgsz: Annotated[int, typer.Option(min=32, max=1280)] = 640,
    batch: Annotated[int, typer.Option(min=1)] = 16,
    seed: Annotated[int, typer.Option()] = 0,
    device: Annotated[str, typer.Option(help="cpu, or a CUDA device index")] = "cpu",
    name: Annotated[str, typer.Option(help="file stem of the model")] = "detector",
    hours: Annotated[float | None, typer.Option(help="wall-clock budget in hours (overrides epochs)")] = None,
    init: Annotated[
        Path | None, typer.Option(help="continue from an earlier run's .pt, not from scratch")
    ] = None,
) -> None:
    """Train YOLO26n from scratch on simulator images; export NMS-free ONNX; write the model card."""
    _need_train_extra()
    from datasets.train.detector import DetectorRecipe, train_detector

    if not data.is_file():
        err.print(f"[bold red]error:[/] {data}: no such data.yaml (make one with `railbird synth dataset`)")
        raise typer.Exit(code=2)
    recipe = DetectorRecipe(
        str(data), epochs=epochs, imgsz=imgsz, batch=batch, seed=seed, device=device, hours=hours
    )
    if init is not None:
        if not init.is_file():
            err.print(f"[bold red]error:[/] {init}: no such weights file (give a .pt from an earlier run)")
            raise typer.Exit(code=2)
        recipe = dataclasses.replace(recipe, model=str(init))
    run = train_detector(recipe, out, name=name)
    console.print(
        f"wrote {run.onnx} and {run.card}: mAP50 {run.metrics['mAP50']:.3f} "
        f"(mAP50-95 {run.metrics['mAP50-95']:.3f}) in {run.seconds / 60:.1f} min"
    )


@train_app.command("export")
def export_command(
    weights: Annotated[Path, typer.Argument(help="a run's best.pt or last.pt")],
    data: Annotated[Path, typer.Option(help="data.yaml whose val split the weights are validated on")],
    out: Annotated[Path, typer.Option(help="folder for detector.onnx and its model card")] = Path("models"),
    imgsz: Annotated[int, typer.Option(min=32, max=1280, help="the size the weights were trained at")] = 640,
    epochs: Annotated[int, typer.Option(min=1, help="epochs the run trained, for the model card")] = 1,
    name: Annotated[str, typer.Option(help="file stem of the model")] = "detector",
    trained_on: Annotated[
        str, typer.Option(help="where and how long it trained, for the model card")
    ] = "not recorded",
) -> None:
    """Validate trained detector weights, export them NMS-free to ONNX and write the model card: the
    step after a training run made elsewhere (a GPU machine without onnxslim)."""
    _need_train_extra()
    from datasets.train.detector import DetectorRecipe, finalize

    for path, what in ((weights, "weights file"), (data, "data.yaml")):
        if not path.is_file():
            err.print(f"[bold red]error:[/] {path}: no such {what}")
            raise typer.Exit(code=2)
    recipe = DetectorRecipe(str(data), epochs=epochs, imgsz=imgsz, model=str(weights))
    run = finalize(weights, recipe, out, name, seconds=0.0, trained_on=trained_on)
    console.print(f"wrote {run.onnx} and {run.card}: mAP50 {run.metrics['mAP50']:.3f}")


@train_app.command("cards")
def cards_command(
    crops: Annotated[
        list[Path], typer.Option(help="a `railbird synth dataset` folder (repeatable)", show_default=False)
    ],
    real: Annotated[
        list[Path] | None,
        typer.Option(help="a `python -m datasets.train.cards extract-real` folder (repeatable)"),
    ] = None,
    out: Annotated[Path, typer.Option(help="the ONNX file; its model card goes beside it")] = Path(
        "models/card_classifier.onnx"
    ),
    epochs: Annotated[int, typer.Option(min=1)] = 30,
    seed: Annotated[int, typer.Option()] = 0,
    samples_per_epoch: Annotated[int, typer.Option(min=1)] = 12000,
    font_crops: Annotated[int, typer.Option(min=0)] = 6000,
    negatives: Annotated[int, typer.Option(min=0)] = 5000,
    batch: Annotated[int, typer.Option(min=1)] = 128,
    lr: Annotated[float, typer.Option(min=1e-6)] = 3e-3,
) -> None:
    """Train the card-corner classifier (plain PyTorch, 2 threads); export ONNX; write the model card."""
    _need_train_extra()
    from datasets.train.cards import train_card_classifier

    for folder in [*crops, *(real or [])]:
        if not folder.is_dir():
            err.print(f"[bold red]error:[/] {folder}: no such folder (make it: `railbird synth dataset`)")
            raise typer.Exit(code=2)
    run = train_card_classifier(
        [str(c) for c in crops],
        str(out),
        epochs,
        seed,
        real=tuple(str(r) for r in real or []),
        font_crops=font_crops,
        negatives=negatives,
        samples_per_epoch=samples_per_epoch,
        batch=batch,
        lr=lr,
    )
    console.print(f"wrote {run.onnx}: {run.params} parameters, validation {run.val}")


@train_app.command("drinks")
def drinks_command(
    out: Annotated[Path, typer.Option(help="the ONNX file; its model card goes beside it")] = Path(
        "models/drink_classifier.onnx"
    ),
    groups: Annotated[int, typer.Option(min=2, help="random tables rendered (every fifth validates)")] = 160,
    shots: Annotated[int, typer.Option(min=1, help="frames rendered at each table")] = 8,
    epochs: Annotated[int, typer.Option(min=1)] = 14,
    seed: Annotated[int, typer.Option()] = 0,
) -> None:
    """Train the drink reader (capped or open drink, phone, protector, or none of these) on simulator crops
    (plain PyTorch, 2 threads)."""
    try:
        import torch  # noqa: F401
    except ImportError:
        err.print("[bold red]error:[/] training needs the train extra: pip install -e '.[train]'")
        raise typer.Exit(code=2) from None
    from datasets.train.drinks import train_drink_classifier

    try:
        run = train_drink_classifier(out, groups, shots, epochs, seed)
    except ValueError as exc:
        err.print(f"[bold red]error:[/] {exc}")
        raise typer.Exit(code=2) from None
    console.print(f"wrote {run.onnx} and {run.card}: validation {run.val}")
