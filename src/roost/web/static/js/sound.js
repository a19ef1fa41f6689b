// Short sounds made for Roost, synthesised with the Web Audio API when played (no sound files,
// nothing fetched): "turn" (it is your turn), "card" (a card is laid), "demogorgon" (Eggo's
// monster appears), "over" (the game ends), "chat" (a message). Off when the person muted
// them (prefs.sound); browsers let a page play sound only after a click or a key, so the
// audio context starts on the first one.

import { prefs } from "./prefs.js";

let context = null;

function audio() {
  if (context === null) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    try {
      context = new Ctx();
    } catch {
      return null;
    }
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/** Start the audio context on the person's first click or key (browsers require a gesture). */
export function unlockAudio() {
  const start = () => {
    if (prefs().sound) audio();
    window.removeEventListener("pointerdown", start);
    window.removeEventListener("keydown", start);
  };
  window.addEventListener("pointerdown", start, { once: false });
  window.addEventListener("keydown", start, { once: false });
}

function tone(ac, { freq, to = freq, start = 0, length = 0.15, type = "sine", volume = 0.18 }) {
  const t0 = ac.currentTime + start;
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (to !== freq) osc.frequency.exponentialRampToValueAtTime(to, t0 + length);
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(volume, t0 + 0.012);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(gain).connect(ac.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

function tap(ac, { start = 0, volume = 0.25 }) {
  // a soft card on felt: a very short burst of filtered noise
  const t0 = ac.currentTime + start;
  const length = 0.07;
  const buffer = ac.createBuffer(1, Math.ceil(ac.sampleRate * length), ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const source = ac.createBufferSource();
  source.buffer = buffer;
  const filter = ac.createBiquadFilter();
  filter.type = "lowpass";
  filter.frequency.value = 1800;
  const gain = ac.createGain();
  gain.gain.value = volume;
  source.connect(filter).connect(gain).connect(ac.destination);
  source.start(t0);
}

const SOUNDS = {
  turn: (ac) => {
    tone(ac, { freq: 659.25, length: 0.16, volume: 0.16 });
    tone(ac, { freq: 880, start: 0.13, length: 0.26, volume: 0.16 });
  },
  card: (ac) => tap(ac, {}),
  demogorgon: (ac) => {
    tone(ac, { freq: 110, to: 62, length: 0.7, type: "sawtooth", volume: 0.09 });
    tone(ac, { freq: 116, to: 58, length: 0.7, type: "square", volume: 0.04 });
  },
  over: (ac) => {
    [523.25, 659.25, 783.99, 1046.5].forEach((freq, i) => tone(ac, { freq, start: i * 0.11, length: 0.22, volume: 0.14 }));
  },
  chat: (ac) => tone(ac, { freq: 1174.66, length: 0.08, volume: 0.07 }),
};

/** Play one of the sounds above (nothing when muted, unknown, or the browser has no audio). */
export function playSound(name) {
  if (!prefs().sound) return false;
  const make = SOUNDS[name];
  const ac = make ? audio() : null;
  if (!ac || ac.state !== "running") return false;
  try {
    make(ac);
    return true;
  } catch {
    return false;
  }
}

export const SOUND_NAMES = Object.freeze(Object.keys(SOUNDS));
