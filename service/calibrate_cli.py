"""``railbird calibrate ...``: learn what the house's chips look like under this camera's light.

    railbird calibrate chips --config C.yaml --sample 5=red.jpg --sample 25=green.jpg ...
    railbird calibrate chips IMAGE... --value V ... --config C.yaml     (one --value per image, in order)
    railbird calibrate chips --labels labels.yaml --config C.yaml       (labels: image path -> value)

Each image is a photo cropped to one chip of a known value (the chip filling most of it). The chip
set's body colours (``chipset.chips[*].base``) are measured from them and written back into the config.

Config contract (until camera configs exist): a YAML mapping with a top-level ``chipset:`` that
validates as ``vision.chipset.ChipSet``; every other key is left as it is (of the comments, only the
block at the top of the file is kept).
Only the ``base`` of calibrated chips changes, and ``calibrated_from:`` (next to ``chipset``, which
forbids extra keys) lists the samples used. Any bad input exits with code 2, naming the file and why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import cv2
import numpy as np
import typer
import yaml
from pydantic import ValidationError
from rich.console import Console
from rich.table import Table

from vision.chips import bgr_to_lab, calibrate_chips, find_disc
from vision.chipset import ChipSet

calibrate_app = typer.Typer(
    help="Calibrate a camera: learn the house chips' colours from labelled photos.", no_args_is_help=True
)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)  # paths stay whole, one line each


class CalibrationError(Exception):
    """Bad calibration input; the message names the file and the reason."""


def _fail(message: str) -> typer.Exit:
    err.print(f"[bold red]error:[/] {message}")
    return typer.Exit(code=2)


def read_image(path: Path) -> np.ndarray:
    """BGR uint8 image, or ``CalibrationError`` saying why not."""
    if not path.exists():
        raise CalibrationError(f"{path}: no such file")
    if not path.is_file():
        raise CalibrationError(f"{path}: not a file")
    try:
        data = np.fromfile(path, np.uint8)
    except OSError as exc:
        raise CalibrationError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    img = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if img is None:
        raise CalibrationError(f"{path}: not an image OpenCV can decode (corrupt or unsupported format)")
    if min(img.shape[:2]) < 15:
        raise CalibrationError(
            f"{path}: {img.shape[1]}x{img.shape[0]} px is too small for a chip (15 px at least)"
        )
    return img


def load_chip_config(path: Path) -> tuple[dict[str, Any], ChipSet]:
    """The config as a mapping and its validated chip set, or ``CalibrationError``."""
    if not path.exists():
        raise CalibrationError(f"{path}: no such config file")
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CalibrationError(f"{path}: cannot be read ({exc})") from None
    except yaml.YAMLError as exc:
        raise CalibrationError(f"{path}: not valid YAML ({exc})") from None
    if not isinstance(raw, dict) or "chipset" not in raw:
        raise CalibrationError(f"{path}: a chip config needs a top-level 'chipset:' mapping")
    try:
        chipset = ChipSet.model_validate(raw["chipset"])
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in ("chipset", *first["loc"]))
        raise CalibrationError(f"{path}: {where}: {first['msg']} (the chip set does not validate)") from None
    return raw, chipset


def parse_samples(
    images: list[Path], values: list[int], samples: list[str], labels: Path | None
) -> list[tuple[int, Path]]:
    """(value, image) pairs from the three ways of giving them."""
    if len(images) != len(values):
        raise CalibrationError(
            f"give one --value per image: {len(images)} image(s), {len(values)} --value(s)"
        )
    pairs = list(zip(values, images, strict=True))
    for item in samples:
        value, sep, path = item.partition("=")
        if not sep or not path:
            raise CalibrationError(f"--sample {item!r}: expected VALUE=PATH, e.g. --sample 25=green.jpg")
        try:
            pairs.append((int(value.replace(",", "").replace("_", "")), Path(path)))
        except ValueError:
            raise CalibrationError(f"--sample {item!r}: {value!r} is not a chip value") from None
    if labels is not None:
        pairs += _read_labels(labels)
    if not pairs:
        raise CalibrationError(
            "no samples: give --sample VALUE=PATH, IMAGE... with --value, or --labels FILE"
        )
    return pairs


def _read_labels(path: Path) -> list[tuple[int, Path]]:
    if not path.exists():
        raise CalibrationError(f"{path}: no such labels file")
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise CalibrationError(f"{path}: cannot be read as YAML ({exc})") from None
    if not isinstance(raw, dict) or not raw:
        raise CalibrationError(f"{path}: expected a mapping of image path -> chip value")
    pairs = []
    for image, value in raw.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise CalibrationError(f"{path}: '{image}': the value {value!r} is not a whole number")
        p = Path(str(image))
        pairs.append((value, p if p.is_absolute() else path.parent / p))
    return pairs


def calibrate_config(
    config: Path, pairs: list[tuple[int, Path]], write: bool = True
) -> tuple[ChipSet, ChipSet]:
    """Calibrate the config's chip set from (value, image) samples; returns (before, after)."""
    raw, chipset = load_chip_config(config)
    crops = []
    for value, path in pairs:
        if value not in chipset.values:
            raise CalibrationError(
                f"{path}: value {value} is not in chip set '{chipset.name}' of {config} "
                f"(has {list(chipset.values)})"
            )
        img = read_image(path)
        if not find_disc(img).found:
            err.print(
                f"[yellow]warning:[/] {path}: no chip outline found; "
                "reading the inscribed circle (crop the photo to the chip)"
            )
        crops.append((img, value))
    calibrated = calibrate_chips(crops, chipset)
    if write:
        sampled = {v for v, _ in pairs}
        for chip, new in zip(raw["chipset"]["chips"], calibrated.chips, strict=True):
            if int(chip["value"]) in sampled:
                chip["base"] = list(new.base)
        raw["calibrated_from"] = [{"value": v, "image": str(p)} for v, p in pairs]
        text = _leading_comments(config) + yaml.safe_dump(
            raw, sort_keys=False, default_flow_style=None, allow_unicode=True
        )
        try:
            config.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CalibrationError(f"{config}: cannot be written ({exc})") from None
    return chipset, calibrated


def _leading_comments(path: Path) -> str:
    """The comment block at the top of a YAML file (kept when the file is rewritten)."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        lines.append(line + "\n")
    return "".join(lines)


@calibrate_app.command("chips")
def chips_command(
    config: Annotated[Path, typer.Option("--config", help="YAML with a top-level 'chipset:' to update")],
    images: Annotated[
        list[Path] | None, typer.Argument(help="chip photos, each paired with a --value")
    ] = None,
    value: Annotated[
        list[int] | None, typer.Option("--value", help="the value of each IMAGE, in order")
    ] = None,
    sample: Annotated[
        list[str] | None, typer.Option("--sample", help="VALUE=PATH: a photo of one chip of that value")
    ] = None,
    labels: Annotated[Path | None, typer.Option("--labels", help="YAML: image path -> chip value")] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="measure and print; leave the config as it is")
    ] = False,
) -> None:
    """Learn the chip set's colours from photos of labelled chips and write them into the config."""
    try:
        pairs = parse_samples(images or [], value or [], sample or [], labels)
        before, after = calibrate_config(config, pairs, write=not dry_run)
    except CalibrationError as exc:
        raise _fail(str(exc)) from None
    table = Table(title=f"chip set '{after.name}' ({config})")
    for column in ("value", "colour", "base before (BGR)", "measured (BGR)", "moved (dE76)"):
        table.add_column(column)
    sampled = {v for v, _ in pairs}
    for old, new in zip(before.chips, after.chips, strict=True):
        moved = float(np.linalg.norm(bgr_to_lab(np.array(old.base)) - bgr_to_lab(np.array(new.base))))
        table.add_row(
            f"{old.value:,}",
            old.name,
            str(old.base),
            str(new.base) if old.value in sampled else "-",
            f"{moved:.1f}" if old.value in sampled else "not sampled",
        )
    console.print(table)
    console.print("dry run: config left as it was" if dry_run else f"wrote {config}")
