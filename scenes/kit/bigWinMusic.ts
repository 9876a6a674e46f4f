import { encodeWavDataUrl } from './synth.ts';
import type { MusicTrack } from './SceneSound.ts';

// The big-win music cue (docs/scenes.md, "Big wins"): a short brass-like fanfare, synthesized by our
// code like every cue (synth.ts; no recording, nothing downloaded), played on the music bus with the
// big-win moment (bigWinMoment.ts). It is made the first time it plays, in the moment's own chunk,
// so no page's first load carries it. Under reduced motion the moment is its still pile at once, and
// the music is its last chord alone (the sting), as short as the moment.

const RATE = 22_050;

interface Note {
  /** Start and length in seconds. */
  at: number;
  length: number;
  /** Frequencies sounding together (a chord). */
  freqs: number[];
  gain: number;
}

// C major: a pickup G4–C5–E5 in triplets, G5 held, then the C chord (C5 E5 G5 C6) over a low C.
const C3 = 130.81, G4 = 392, C5 = 523.25, E5 = 659.25, G5 = 783.99, C6 = 1046.5;
const CHORD: Note[] = [
  { at: 0, length: 1.1, freqs: [C5, E5, G5, C6], gain: 0.16 },
  { at: 0, length: 1.1, freqs: [C3], gain: 0.28 },
];
const PICKUP: Note[] = [
  { at: 0, length: 0.13, freqs: [G4], gain: 0.32 },
  { at: 0.14, length: 0.13, freqs: [C5], gain: 0.32 },
  { at: 0.28, length: 0.13, freqs: [E5], gain: 0.32 },
  { at: 0.42, length: 0.36, freqs: [G5], gain: 0.34 },
];
const FANFARE: Note[] = [...PICKUP, ...CHORD.map((n) => ({ ...n, at: n.at + 0.82, length: n.length + 0.5 }))];

/** A brass-like voice: five harmonics falling off as a sawtooth's, a fast swell and a soft end, and a little vibrato once held. */
function voice(freq: number, t: number, length: number): number {
  const attack = Math.min(1, t / 0.025);
  const release = Math.min(1, (length - t) / 0.18);
  const vibrato = 1 + 0.004 * Math.sin(2 * Math.PI * 5.5 * t) * Math.min(1, t / 0.3);
  let sample = 0;
  for (let h = 1; h <= 5; h++) sample += Math.sin(2 * Math.PI * freq * h * vibrato * t) / h;
  return sample * attack * Math.max(0, release);
}

export function synthesizeMusic(notes: Note[]): Float32Array {
  const end = Math.max(...notes.map((n) => n.at + n.length));
  const samples = new Float32Array(Math.ceil(end * RATE));
  for (const note of notes) {
    const from = Math.floor(note.at * RATE);
    const count = Math.floor(note.length * RATE);
    for (let i = 0; i < count && from + i < samples.length; i++) {
      const t = i / RATE;
      for (const freq of note.freqs) samples[from + i]! += voice(freq, t, note.length) * note.gain;
    }
  }
  for (let i = 0; i < samples.length; i++) samples[i] = Math.max(-1, Math.min(1, samples[i]!));
  return samples;
}

const track = (name: string, notes: Note[]): MusicTrack => {
  let url: string | null = null;
  return { name, url: () => (url ??= encodeWavDataUrl(synthesizeMusic(notes), RATE)) };
};

/** The whole fanfare, about 2.4 s. */
export const BIG_WIN_FANFARE = track('bigWinFanfare', FANFARE);
/** Its last chord alone, 1.1 s: the cue under reduced motion. */
export const BIG_WIN_STING = track('bigWinSting', CHORD);
/** Lengths in seconds, for tests and docs. */
export const BIG_WIN_MUSIC_SECONDS = { fanfare: Math.max(...FANFARE.map((n) => n.at + n.length)), sting: Math.max(...CHORD.map((n) => n.at + n.length)) };
