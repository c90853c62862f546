// The hand-stopping alert sound: a two-tone WebAudio beep (no file to fetch), off until a person
// turns it on. Browsers only let audio start after a click, so the toggle click unlocks it; the
// choice is remembered on this device.

const KEY = "railbird.sound";
let context = null;

export const soundOn = () => localStorage.getItem(KEY) === "on";

function unlock() {
  context ??= new AudioContext();
  if (context.state === "suspended") context.resume().catch(() => {});
}

/** Two short rising tones, about 0.5 s in all. */
export function beep() {
  if (!context) return; // never unlocked by a click: stay silent rather than throw
  const start = context.currentTime + 0.02;
  for (const [offset, hz] of [[0, 880], [0.25, 1320]]) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = "square";
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
    osc.connect(gain).connect(context.destination);
    osc.start(start + offset);
    osc.stop(start + offset + 0.22);
  }
}

export function wireSoundToggle(button) {
  const show = () => {
    const on = soundOn();
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? "♪ Sound on" : "♪ Sound off";
    button.title = "Sound for hand-stopping alerts";
  };
  button.addEventListener("click", () => {
    localStorage.setItem(KEY, soundOn() ? "off" : "on");
    show();
    if (soundOn()) {
      unlock();
      beep(); // so the person hears what it will sound like
    }
  });
  // remembered "on": the first touch anywhere on the page unlocks audio
  if (soundOn()) document.addEventListener("pointerdown", unlock, { once: true });
  show();
}
