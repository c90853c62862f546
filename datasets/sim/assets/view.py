"""The camera as the asset painters need it: projection of world points with heights, scale, and
which way surfaces face; plus where shadows fall for the scene's key light."""

from __future__ import annotations

import cv2
import numpy as np

from ..camera import Camera


class View:
    """A ``Camera`` plus the key light's shadow direction.

    ``light`` is the horizontal shadow offset (cm on the felt per cm of height) of the main light.
    """

    def __init__(self, camera: Camera, light: tuple[float, float] = (0.15, -0.1)):
        self.camera = camera
        self.width, self.height = camera.width, camera.height
        R, _ = cv2.Rodrigues(camera.rvec)
        self.R = R
        self.centre = -R.T @ camera.tvec  # (3,) camera position, world cm
        self.light = (float(light[0]), float(light[1]))
        self.oblique = camera.view == "oblique"

    def project(self, points: np.ndarray) -> np.ndarray:
        """World points (n, 3) cm -> (n, 2) float64 distorted pixels.

        Far off-frame results are clamped to two frames beyond each edge, so a shape reaching far out
        of view (an arm toward a seat behind the camera) stays drawable.
        """
        px = self.camera.project(points)
        np.clip(px[:, 0], -2 * self.width, 3 * self.width, out=px[:, 0])
        np.clip(px[:, 1], -2 * self.height, 3 * self.height, out=px[:, 1])
        return px

    def in_front(self, points: np.ndarray, margin: float = 5.0) -> bool:
        """Whether all world points (n, 3) lie at least ``margin`` cm in front of the camera."""
        cam = (np.asarray(points, np.float64).reshape(-1, 3) - self.centre) @ self.R.T
        return bool(np.all(cam[:, 2] > margin))

    def px_per_cm(self, x: float, y: float, z: float = 0.0) -> float:
        """Pixels per centimetre of a horizontal surface at (x, y, z) (the larger axis)."""
        p = self.project(np.array([[x, y, z], [x + 1, y, z], [x, y + 1, z]]))
        return float(max(np.hypot(*(p[1] - p[0])), np.hypot(*(p[2] - p[0]))))

    def depth(self, x: float, y: float, z: float = 0.0) -> float:
        """Distance from the camera (cm); larger is farther, drawn first."""
        return float(np.linalg.norm(self.centre - (x, y, z)))

    def facing_camera(self, points: np.ndarray, normals: np.ndarray) -> np.ndarray:
        """(n,) bool: surfaces at ``points`` (n, 3) with outward ``normals`` (n, 3) that the camera sees."""
        return np.einsum("ij,ij->i", self.centre - np.asarray(points), np.asarray(normals)) > 0

    def shadow_of(self, points: np.ndarray) -> np.ndarray:
        """Where world points (n, 3) cast their shadow on the felt, (n, 3) with z = 0."""
        p = np.array(points, dtype=np.float64, copy=True)
        p[:, 0] += self.light[0] * p[:, 2]
        p[:, 1] += self.light[1] * p[:, 2]
        p[:, 2] = 0.0
        return p


def place(local: np.ndarray, x: float, y: float, angle_deg: float, z: float | np.ndarray = 0.0) -> np.ndarray:
    """Local (n, 2) cm points (u right, v forward at angle 0) -> world (n, 3) at pose (x, y, angle, z)."""
    a = np.radians(angle_deg)
    c, s = np.cos(a), np.sin(a)
    loc = np.asarray(local, dtype=np.float64).reshape(-1, 2)
    out = np.empty((len(loc), 3))
    out[:, 0] = x + loc[:, 0] * c - loc[:, 1] * s
    out[:, 1] = y + loc[:, 0] * s + loc[:, 1] * c
    out[:, 2] = z
    return out
