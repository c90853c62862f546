// The clip player: a <video> with overlay on/off and frame stepping, used inline on the review page
// and in a modal on the dashboard. Clips are H.264 MP4 from GET /api/alerts/{id}/clip?overlay=0|1.

import { el, human, withToken } from "./api.js";
import { tableName } from "./alerts.js";

export const FPS = 30; // the cameras' frame rate; frame stepping moves 1/FPS seconds

export class ClipPlayer {
  constructor(root, { fps = FPS } = {}) {
    this.fps = fps;
    this.alert = null;
    this.video = el("video", { controls: true, playsinline: true, muted: true, preload: "auto" });
    this.video.muted = true;
    this.title = el("div", { class: "clip-title muted", text: "No clip loaded" });
    this.overlay = el("input", { type: "checkbox", class: "overlay-toggle" });
    this.overlay.addEventListener("change", () => this.reload());
    this.position = el("output", { class: "frame-pos", text: "frame –" });
    this.error = el("p", { class: "error", role: "alert", hidden: true });
    const step = (n, label, name) =>
      el("button", { class: `step ${name}`, "aria-label": label, title: label, text: n < 0 ? "◀ 1 frame" : "1 frame ▶",
        onclick: () => this.step(n) });
    this.video.addEventListener("timeupdate", () => this.showPosition());
    this.video.addEventListener("seeked", () => this.showPosition());
    this.video.addEventListener("loadeddata", () => this.showPosition());
    this.video.addEventListener("error", () => this.explain());
    root.append(
      this.title,
      this.video,
      el(
        "div",
        { class: "player-controls" },
        step(-1, "Back one frame", "back"),
        el("button", { class: "play", "aria-label": "Play or pause", text: "Play ❚❚", onclick: () => this.toggle() }),
        step(1, "Forward one frame", "forward"),
        el("label", { class: "switch" }, this.overlay, " Overlay"),
        this.position,
      ),
      this.error,
    );
  }

  /** Load an alert's clip (`alert.clip_url`), keeping the overlay choice. */
  load(alert) {
    this.alert = alert;
    this.title.textContent = `${human(alert.kind)} · ${tableName(alert.table_id)}${alert.seat ? ` · seat ${alert.seat}` : ""}`;
    this.reload(0);
  }

  reload(at = this.video.currentTime) {
    if (!this.alert || !this.alert.clip_url) return;
    const paused = this.video.paused;
    this.error.hidden = true;
    this.video.src = withToken(this.alert.clip_url, { overlay: this.overlay.checked ? "1" : "0" });
    this.video.addEventListener(
      "loadedmetadata",
      () => {
        if (at) this.video.currentTime = at;
        if (!paused) this.video.play().catch(() => {});
      },
      { once: true },
    );
  }

  /** Say why the clip did not play: the server's reason (gone, not cut yet, token) or the codec. */
  async explain() {
    const src = this.video.getAttribute("src");
    if (!this.alert || !src) return;
    let reason = "The clip could not be played.";
    try {
      const res = await fetch(src, { headers: { Range: "bytes=0-1" } });
      if (!res.ok) {
        const body = await res.json().catch(() => null);
        reason = `The clip could not be loaded: ${body?.detail || `${res.status} ${res.statusText}`}`;
      } else {
        reason = "The clip downloaded but this browser cannot decode it (it needs H.264 video support).";
      }
    } catch {
      reason = "The clip could not be loaded: the floor service did not answer.";
    }
    if (this.video.getAttribute("src") !== src) return; // another clip was loaded meanwhile
    this.error.textContent = reason;
    this.error.hidden = false;
  }

  lastFrame() {
    const d = this.video.duration;
    return Number.isFinite(d) && d > 0 ? Math.max(Math.ceil(d * this.fps - 1e-3) - 1, 0) : Infinity;
  }

  /** The frame on screen (at the very end, currentTime equals the duration: that is the last frame). */
  frame() {
    return Math.min(Math.floor(this.video.currentTime * this.fps + 1e-3), this.lastFrame());
  }

  /** Pause and move `n` frames; lands mid-frame so the browser shows exactly that frame. */
  step(n) {
    this.video.pause();
    const target = Math.min(Math.max(this.frame() + n, 0), this.lastFrame());
    this.video.currentTime = (target + 0.5) / this.fps;
    this.showPosition();
  }

  toggle() {
    if (this.video.paused) this.video.play().catch(() => {});
    else this.video.pause();
  }

  showPosition() {
    this.position.textContent = `frame ${this.frame()} · ${this.video.currentTime.toFixed(3)} s`;
  }

  stop() {
    this.video.pause();
    this.video.removeAttribute("src");
    this.video.load();
    this.alert = null;
  }
}

let modal = null;

/** Open an alert's clip in a modal dialog (created on first use). */
export function openClip(alert) {
  if (!modal) {
    const body = el("div", { class: "player" });
    const dialog = el(
      "dialog",
      { class: "clip-dialog", id: "clip-dialog" },
      el("form", { method: "dialog", class: "close-row" }, el("button", { class: "close", text: "Close ✕" })),
      body,
    );
    document.body.append(dialog);
    const player = new ClipPlayer(body);
    dialog.addEventListener("close", () => player.stop());
    modal = { dialog, player };
  }
  modal.player.load(alert);
  modal.dialog.showModal();
  modal.player.video.play().catch(() => {});
  return modal.player;
}
