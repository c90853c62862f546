"""``railbird analyze IMAGE...``: one frame in, everything railbird sees out."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import cv2
import typer
from rich.console import Console
from rich.table import Table

from vision.analyze import MODELS, AnalyzeConfig, ConfigError, FrameAnalyzer, load_config
from vision.annotate import annotate, caption
from vision.detector import ModelError
from vision.drinks import DEFAULT_MODEL as DRINKS_MODEL

console = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def analyze_command(
    images: Annotated[list[Path], typer.Argument(help="frames or photos to analyze")],
    config: Annotated[Path | None, typer.Option(help="camera config: chip set, view, zones")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    out: Annotated[Path | None, typer.Option(help="folder for annotated PNGs")] = None,
    detector: Annotated[Path, typer.Option(help="detector ONNX model")] = MODELS / "detector.onnx",
    cards: Annotated[Path, typer.Option(help="card classifier ONNX model")] = MODELS / "card_classifier.onnx",
    conf: Annotated[float, typer.Option(min=0.0, max=1.0, help="detection confidence threshold")] = 0.3,
    drinks: Annotated[Path, typer.Option(help="drink classifier ONNX model")] = DRINKS_MODEL,
    palm_hands: Annotated[
        bool, typer.Option(help="add the hands MediaPipe's hand models find (models/hand_landmarks.md)")
    ] = True,
) -> None:
    """Detect cards, chips, hands and objects; read card identities and chip values; draw them."""
    try:
        settings = load_config(config) if config else AnalyzeConfig()
        analyzer = FrameAnalyzer(settings, detector, cards, conf, drinks, palm_hands)
    except (ConfigError, ModelError, FileNotFoundError) as exc:
        err.print(f"[bold red]error:[/] {exc}")
        raise typer.Exit(code=2) from None
    if out:
        out.mkdir(parents=True, exist_ok=True)
    report = []
    failed = False
    for path in images:
        image = cv2.imread(str(path))
        if image is None:
            err.print(f"[bold red]error:[/] {path}: not a readable image (missing, corrupt or not an image)")
            failed = True
            continue
        seen = analyzer.analyze(image)
        report.append({"image": str(path), "objects": [asdict(s) for s in seen]})
        if out:
            cv2.imwrite(str(out / f"{path.stem}_railbird.png"), annotate(image, seen))
        if not as_json:
            table = Table("class", "box", "conf", "what", title=f"{path.name}: {len(seen)} objects")
            for s in seen:
                table.add_row(s.cls, ", ".join(f"{v:.0f}" for v in s.box), f"{s.confidence:.2f}", caption(s))
            console.print(table)
    if as_json:
        print(json.dumps(report, indent=2))
    if failed:
        raise typer.Exit(code=2)
