"""A pinhole camera with lens distortion over the table: world cm -> image pixels.

Presets give the two views a card room has: straight overhead (a stack shows only its top chip)
and oblique (stack sides and their stripes visible, perspective foreshortening).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True, slots=True)
class Camera:
    width: int
    height: int
    K: np.ndarray  # (3, 3) float64 intrinsics
    rvec: np.ndarray  # (3,) float64 Rodrigues rotation world -> camera
    tvec: np.ndarray  # (3,) float64 translation world -> camera, cm
    dist: np.ndarray  # (5,) float64 OpenCV distortion k1, k2, p1, p2, k3
    view: str = "overhead"  # "overhead" or "oblique"

    def project(self, points: np.ndarray) -> np.ndarray:
        """World points (n, 3) cm -> pixels (n, 2) float64, lens distortion included."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 1, 3)
        out, _ = cv2.projectPoints(pts, self.rvec, self.tvec, self.K, self.dist)
        return out.reshape(-1, 2)

    def felt_homography(self) -> np.ndarray:
        """(3, 3) homography from the felt plane (x, y cm) to undistorted pixels."""
        R, _ = cv2.Rodrigues(self.rvec)
        H = self.K @ np.column_stack([R[:, 0], R[:, 1], self.tvec])
        return H / H[2, 2]

    def distortion_maps(self) -> tuple[np.ndarray, np.ndarray] | None:
        """cv2.remap maps that bend an undistorted frame into this lens's distortion (None if none)."""
        if not np.any(self.dist):
            return None
        h, w = self.height, self.width
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        pts = np.stack([xs.ravel(), ys.ravel()], axis=1).reshape(-1, 1, 2)
        undist = cv2.undistortPoints(pts, self.K, self.dist, P=self.K).reshape(h, w, 2)
        return undist[..., 0].astype(np.float32), undist[..., 1].astype(np.float32)

    def up_vector_px(self, x: float, y: float, height: float = 1.0) -> tuple[float, float]:
        """Image direction (pixels) of a vertical segment of ``height`` cm standing at (x, y)."""
        a, b = self.project(np.array([[x, y, 0.0], [x, y, height]]))
        return float(b[0] - a[0]), float(b[1] - a[1])


def look_at(
    eye: tuple[float, float, float],
    target: tuple[float, float, float],
    width: int,
    height: int,
    hfov_deg: float,
    dist: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0, 0.0),
    view: str = "overhead",
    roll_deg: float = 0.0,
) -> Camera:
    """A camera at ``eye`` (cm) looking at ``target``; image up points toward world +y (far rail)."""
    eye_v, tgt = np.asarray(eye, float), np.asarray(target, float)
    forward = tgt - eye_v
    forward /= np.linalg.norm(forward)
    world_up = np.array([0.0, 1.0, 0.0]) if abs(forward[1]) < 0.99 else np.array([0.0, 0.0, 1.0])
    # image y grows downward, so the camera's "down" axis points away from world +y
    right = np.cross(forward, world_up)
    if np.linalg.norm(right) < 1e-9:
        right = np.array([1.0, 0.0, 0.0])
    right /= np.linalg.norm(right)
    down = np.cross(forward, right)
    if roll_deg:
        c, s = math.cos(math.radians(roll_deg)), math.sin(math.radians(roll_deg))
        right, down = c * right + s * down, -s * right + c * down
    R = np.vstack([right, down, forward])
    if np.linalg.det(R) < 0:
        right = -right
        R = np.vstack([right, down, forward])
    fx = (width / 2) / math.tan(math.radians(hfov_deg) / 2)
    K = np.array([[fx, 0, width / 2], [0, fx, height / 2], [0, 0, 1]], dtype=np.float64)
    rvec, _ = cv2.Rodrigues(R)
    tvec = -R @ eye_v
    return Camera(width, height, K, rvec.ravel(), tvec, np.asarray(dist, dtype=np.float64), view)


def overhead(
    width: int = 1280, height: int = 720, table_length: float = 250.0, rng: np.random.Generator | None = None
) -> Camera:
    """Straight down over the table centre, the whole table and rail in frame."""
    jitter = rng if rng is not None else np.random.default_rng(0)
    h = 330.0 + float(jitter.uniform(-25, 25))
    dx, dy = (float(v) for v in jitter.uniform(-6, 6, 2))
    hfov = 2 * math.degrees(math.atan((table_length / 2 + 40) / h))
    k1 = float(jitter.uniform(-0.12, 0.02))
    return look_at(
        (dx, dy, h),
        (dx, dy, 0.0),
        width,
        height,
        hfov,
        (k1, 0.0, 0.0, 0.0, 0.0),
        "overhead",
        roll_deg=float(jitter.uniform(-2, 2)),
    )


def oblique(
    width: int = 1280, height: int = 720, table_length: float = 250.0, rng: np.random.Generator | None = None
) -> Camera:
    """From above and behind the dealer, tilted 30-45 degrees off vertical: stack sides show."""
    jitter = rng if rng is not None else np.random.default_rng(0)
    tilt = math.radians(float(jitter.uniform(30, 45)))
    dist_cm = 300.0 + float(jitter.uniform(-20, 30))
    eye = (float(jitter.uniform(-20, 20)), -dist_cm * math.sin(tilt), dist_cm * math.cos(tilt))
    hfov = 2 * math.degrees(math.atan((table_length / 2 + 45) / dist_cm)) + 4
    k1 = float(jitter.uniform(-0.10, 0.0))
    return look_at(eye, (0.0, 5.0, 0.0), width, height, hfov, (k1, 0.0, 0.0, 0.0, 0.0), "oblique")
