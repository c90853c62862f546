"""Objects over time: one ``Track`` of keyframes per object, eased in between, sampled into ``Scene``s.

A key says what the object is from a frame on (``None``: not in the scene). A key made with
``glide`` moves the object's pose smoothly from the previous key's pose (an ease-in-out curve,
optionally lifted in an arc), while its other attributes (face up, chips, hand shape) change when
the key is reached. Keys are appended in time order, so the compiler writes the hand as it goes.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field, replace

from datasets.sim.objects import Hand, Pose, Scene, SceneObject


def ease(u: float) -> float:
    """Cubic ease-in-out on 0..1: objects start and stop gently."""
    u = min(1.0, max(0.0, u))
    return u * u * (3.0 - 2.0 * u)


def lerp_pose(a: Pose, b: Pose, u: float, arc: float = 0.0) -> Pose:
    """Pose ``u`` (0..1, already eased) of the way from ``a`` to ``b``; ``arc`` cm lift at the middle."""
    turn = (b.angle - a.angle + 180.0) % 360.0 - 180.0  # the short way round
    return Pose(
        x=a.x + (b.x - a.x) * u,
        y=a.y + (b.y - a.y) * u,
        angle=a.angle + turn * u,
        z=a.z + (b.z - a.z) * u + arc * 4.0 * u * (1.0 - u),
    )


@dataclass(frozen=True, slots=True)
class Key:
    frame: int
    obj: SceneObject | None
    glide: bool = False  # move the pose smoothly from the previous key
    arc: float = 0.0  # cm of lift at the middle of the glide


@dataclass(slots=True)
class Track:
    """One object's keys. ``layer`` orders drawing: felt items, cards, chips, held things, hands."""

    id: str
    layer: int
    keys: list[Key] = field(default_factory=list)
    _frames: list[int] = field(default_factory=list)

    @property
    def last(self) -> SceneObject | None:
        return self.keys[-1].obj if self.keys else None

    @property
    def last_seen(self) -> SceneObject | None:
        """The object as it was when last in the scene."""
        return next((k.obj for k in reversed(self.keys) if k.obj is not None), None)

    @property
    def last_frame(self) -> int:
        return self.keys[-1].frame if self.keys else -1

    def set(self, frame: int, obj: SceneObject | None, glide: bool = False, arc: float = 0.0) -> None:
        """The object is ``obj`` from ``frame`` on (gliding there from the previous key if asked).

        A second key on the frame of the last one changes what arrives there (its glide is kept),
        or, for ``None``, lets the object arrive and leave on that frame.
        """
        if frame < self.last_frame:
            raise ValueError(f"track {self.id}: key at frame {frame} before frame {self.last_frame}")
        if self.keys and frame == self.last_frame:
            prev = self.keys[-1]
            if obj is None and prev.obj is None:
                return
            if obj is not None and prev.obj is not None and not glide:
                self.keys[-1] = Key(frame, obj, prev.glide, prev.arc)
                return
            if obj is not None:
                self.keys.pop()
                self._frames.pop()
        self.keys.append(Key(frame, obj, glide and obj is not None, arc))
        self._frames.append(frame)

    def hold(self, frame: int) -> None:
        """Keep the current state until ``frame`` (a glide added next starts there)."""
        if self.keys and frame > self.last_frame:
            self.set(frame, self.last)

    def move(self, start: int, end: int, pose: Pose, arc: float = 0.0, **changes: object) -> None:
        """Glide from the current pose at ``start`` to ``pose`` at ``end``; ``changes`` apply at ``end``."""
        current = self.last
        if current is None:
            raise ValueError(f"track {self.id}: cannot move an object that is not in the scene")
        self.hold(start)
        self.set(max(end, start + 1), replace(current, pose=pose, **changes), glide=True, arc=arc)  # type: ignore[arg-type]

    def change(self, frame: int, **changes: object) -> None:
        """Change attributes (not the pose) at ``frame``."""
        current = self.last
        if current is None:
            raise ValueError(f"track {self.id}: cannot change an object that is not in the scene")
        self.set(frame, replace(current, **changes))  # type: ignore[arg-type]

    def remove(self, frame: int) -> None:
        self.set(frame, None)

    def at(self, frame: int) -> SceneObject | None:
        i = bisect.bisect_right(self._frames, frame) - 1
        if i < 0:
            return None
        key = self.keys[i]
        obj = key.obj
        if obj is None or i + 1 >= len(self.keys):
            return obj
        nxt = self.keys[i + 1]
        if not nxt.glide or nxt.obj is None or nxt.frame == key.frame:
            return obj
        u = ease((frame - key.frame) / (nxt.frame - key.frame))
        return replace(obj, pose=lerp_pose(obj.pose, nxt.obj.pose, u, nxt.arc))


class Timeline:
    """Every object's track; ``scene(frame)`` samples them all."""

    def __init__(self, fps: int) -> None:
        self.fps = fps
        self.tracks: dict[str, Track] = {}

    def track(self, id: str, layer: int) -> Track:
        if id in self.tracks:
            return self.tracks[id]
        track = Track(id, layer)
        self.tracks[id] = track
        return track

    def add(self, frame: int, obj: SceneObject, layer: int) -> Track:
        """A new object in the scene from ``frame`` on."""
        if obj.id in self.tracks and self.tracks[obj.id].last is not None:
            raise ValueError(f"object id {obj.id} is already in the scene")
        track = self.track(obj.id, layer)
        track.set(frame, obj)
        return track

    @property
    def last_frame(self) -> int:
        return max((t.last_frame for t in self.tracks.values()), default=0)

    def scene(self, frame: int) -> Scene:
        objects: list[tuple[int, int, SceneObject]] = []
        for order, track in enumerate(self.tracks.values()):
            obj = track.at(frame)
            if obj is not None:
                layer = track.layer + (10 if isinstance(obj, Hand) else 0)
                objects.append((layer, order, obj))
        objects.sort(key=lambda item: (item[0], item[1]))
        return Scene(t=frame / self.fps, frame=frame, objects=tuple(o for _, _, o in objects))


def seconds(fps: int, s: float) -> int:
    """Whole frames for ``s`` seconds (at least one)."""
    return max(1, math.ceil(s * fps - 1e-9))
