"""Run ultralytics fully offline: no hub, no downloads, no auto-installs, two CPU threads.

Import this module before ``ultralytics``: it sets the environment ultralytics reads at import time
and gives it a config folder holding the font it would otherwise download.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

CONFIG_DIR = Path(os.environ.get("RAILBIRD_YOLO_CONFIG", Path.home() / ".cache" / "railbird" / "ultralytics"))


def prepare(threads: int = 2) -> Path:
    """Set the offline environment; returns the ultralytics config folder."""
    os.environ["YOLO_OFFLINE"] = "1"
    os.environ["YOLO_AUTOINSTALL"] = "false"
    os.environ["YOLO_VERBOSE"] = os.environ.get("YOLO_VERBOSE", "false")
    os.environ["YOLO_CONFIG_DIR"] = str(CONFIG_DIR)
    font_dir = CONFIG_DIR / "Ultralytics"
    font_dir.mkdir(parents=True, exist_ok=True)
    font = font_dir / "Arial.ttf"
    if not font.exists():
        import matplotlib

        dejavu = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"
        shutil.copyfile(dejavu, font)
        shutil.copyfile(dejavu, font_dir / "Arial.Unicode.ttf")
    import torch

    torch.set_num_threads(threads)
    return CONFIG_DIR
