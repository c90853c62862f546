"""Renderer throughput, measured honestly with ``time.perf_counter``.

(a) scenario video: a busy 9-seat table with three moving hands rendered at ``width`` x ``height``
    and encoded to H.264 by ``VideoWriter`` (frames/s, rendering and encoding together);
(b) dataset images: random scenes and random styles at 640 x 640, a new ``Renderer`` (random
    camera, style, seed) every ``IMAGES_PER_RENDERER`` images, JPEG round trip included (images/s).

Both measure the steady state: the per-process caches (card and chip faces, textures, the noise bank)
are warmed first (``render.warm_up``, about a second once per process).

Run: ``.venv/bin/python -m datasets.sim.bench [seconds]``.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from . import camera as cameras
from .assets.sample_scenes import busy_scene, random_scene
from .render import Renderer, warm_up
from .style import random_style
from .video import VideoWriter
from .world import make_layout

IMAGES_PER_RENDERER = 4


def bench_video(seconds: float, width: int, height: int) -> dict[str, float]:
    layout = make_layout()
    style = random_style(np.random.default_rng(3)).for_video()
    renderer = Renderer(layout, cameras.overhead(width, height), style, seed=3)
    renderer.render(busy_scene(layout, style.chipset, 0))  # warm-up: face and chip textures
    frames = 0
    render_s = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.mp4"
        with VideoWriter(path, fps=30) as writer:
            start = time.perf_counter()
            while time.perf_counter() - start < seconds:
                t0 = time.perf_counter()
                img, _ = renderer.render(busy_scene(layout, style.chipset, frames + 1))
                render_s += time.perf_counter() - t0
                writer.write(img)
                frames += 1
        elapsed = time.perf_counter() - start  # includes flushing the encoder
        size = path.stat().st_size
    return {
        "video_fps": frames / elapsed,
        "video_render_ms": 1000 * render_s / max(frames, 1),
        "video_frames": frames,
        "video_mbit_s": size * 8 / 1e6 / (frames / 30),
    }


def bench_dataset(seconds: float, size: int = 640) -> dict[str, float]:
    layout = make_layout()
    rng = np.random.default_rng(11)
    # warm-up: the per-process caches (card faces, chip faces, textures, noise bank), as a long run has them
    warm_up()
    for view in ("overhead", "oblique"):
        cam = cameras.overhead(size, size) if view == "overhead" else cameras.oblique(size, size)
        style = random_style(rng)
        Renderer(layout, cam, style, 0).render(random_scene(layout, rng, style.chipset))
    images = renderers = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        style = random_style(rng)
        make = cameras.overhead if rng.random() < 0.6 else cameras.oblique
        renderer = Renderer(layout, make(size, size, rng=rng), style, int(rng.integers(1 << 30)))
        renderers += 1
        for _ in range(IMAGES_PER_RENDERER):
            renderer.render(random_scene(layout, rng, style.chipset, frame=int(rng.integers(1 << 20))))
            images += 1
    elapsed = time.perf_counter() - start
    return {"dataset_images_s": images / elapsed, "dataset_images": images, "dataset_renderers": renderers}


def run_bench(seconds: float = 5.0, width: int = 1280, height: int = 720) -> dict[str, float]:
    """Measure both and print them; returns the figures."""
    out = bench_video(seconds, width, height)
    print(
        f"video   {width}x{height}: {out['video_fps']:.1f} frames/s with H.264 encoding "
        f"(render {out['video_render_ms']:.1f} ms/frame, {out['video_frames']} frames, "
        f"{out['video_mbit_s']:.1f} Mbit/s)"
    )
    ds = bench_dataset(seconds)
    print(
        f"dataset 640x640: {ds['dataset_images_s']:.1f} images/s ({ds['dataset_images']} images, "
        f"new Renderer every {IMAGES_PER_RENDERER})"
    )
    out.update(ds)
    return out


if __name__ == "__main__":
    run_bench(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
