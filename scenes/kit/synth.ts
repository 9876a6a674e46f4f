// Our own short sound cues, synthesized in code (no recordings, no downloads) and encoded as
// 16-bit mono WAV data URLs that howler plays like any file.

export type SoundCue = 'tick' | 'whoosh' | 'win' | 'bigWin' | 'lose' | 'peg' | 'land' | 'engine' | 'cashOut' | 'bust';

const RATE = 22_050;

type Voice = (t: number, duration: number) => number;

const env = (t: number, d: number, attack = 0.005) => Math.min(1, t / attack) * Math.max(0, 1 - t / d) ** 2;
const tone = (freq: number, t: number) => Math.sin(2 * Math.PI * freq * t);

// A tiny deterministic noise source so the same cue sounds the same in every session.
function noise(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 31 - 1;
  };
}

const whooshNoise = noise(7);
const bustNoise = noise(11);
const engineNoise = noise(3);

const VOICES: Record<SoundCue, { duration: number; voice: Voice; gain: number }> = {
  tick: { duration: 0.03, gain: 0.5, voice: (t, d) => env(t, d, 0.001) * tone(2200, t) },
  peg: { duration: 0.05, gain: 0.35, voice: (t, d) => env(t, d, 0.001) * (tone(1560, t) * 0.6 + tone(3120, t) * 0.4) },
  land: { duration: 0.16, gain: 0.5, voice: (t, d) => env(t, d) * tone(660 + 220 * (t / d), t) },
  whoosh: {
    duration: 0.35,
    gain: 0.4,
    voice: (t, d) => Math.sin((Math.PI * t) / d) * whooshNoise() * (0.4 + 0.6 * tone(4 + 10 * (t / d), t)),
  },
  // Rising major arpeggio: C5 E5 G5.
  win: {
    duration: 0.45,
    gain: 0.45,
    voice: (t, d) => {
      const step = Math.min(2, Math.floor((t / d) * 3));
      const freq = [523.25, 659.25, 783.99][step] ?? 523.25;
      return env(t, d, 0.01) * (tone(freq, t) * 0.7 + tone(freq * 2, t) * 0.2);
    },
  },
  // A longer arpeggio up to C6 with a shimmer on top.
  bigWin: {
    duration: 0.9,
    gain: 0.5,
    voice: (t, d) => {
      const step = Math.min(4, Math.floor((t / d) * 5));
      const freq = [523.25, 659.25, 783.99, 1046.5, 1318.5][step] ?? 523.25;
      return env(t, d, 0.01) * (tone(freq, t) * 0.6 + tone(freq * 1.5, t) * 0.2 + tone(freq * 3, t) * 0.1 * tone(7, t));
    },
  },
  // The crash rocket's engine: a one-second loop (whole periods of 55 and 110 Hz, so the seam is
  // silent) of a low hum with a little rumble; the scene loops it and raises its rate as it climbs.
  engine: {
    duration: 1,
    gain: 0.3,
    voice: (t) => tone(55, t) * 0.5 + tone(110, t) * 0.3 + tone(165, t) * 0.1 + engineNoise() * 0.15,
  },
  // Cash-out: two bright bell partials, a fifth apart.
  cashOut: {
    duration: 0.5,
    gain: 0.45,
    voice: (t, d) => env(t, d, 0.002) * (tone(1318.5, t) * 0.5 + tone(1975.5, t) * 0.3 + tone(2637, t) * 0.15 * env(t, d / 3, 0.002)),
  },
  // Bust: a noise burst with a falling thump underneath.
  bust: {
    duration: 0.7,
    gain: 0.55,
    voice: (t, d) => env(t, d, 0.003) * (bustNoise() * 0.6 + tone(90 - 50 * (t / d), t) * 0.6),
  },
  // A falling minor third.
  lose: { duration: 0.4, gain: 0.4, voice: (t, d) => env(t, d, 0.01) * tone(t < d / 2 ? 392 : 329.63, t) },
};

export const SOUND_CUES = Object.keys(VOICES) as SoundCue[];

export function synthesizeCue(cue: SoundCue): Float32Array {
  const { duration, voice, gain } = VOICES[cue];
  const samples = new Float32Array(Math.round(duration * RATE));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.max(-1, Math.min(1, voice(i / RATE, duration) * gain));
  return samples;
}

/** PCM samples in [-1, 1] → a `data:audio/wav;base64,…` URL. */
export function encodeWavDataUrl(samples: Float32Array, sampleRate = RATE): string {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) view.setInt16(44 + i * 2, Math.round((samples[i] ?? 0) * 0x7fff), true);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:audio/wav;base64,${btoa(binary)}`;
}
