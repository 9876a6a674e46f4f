// Shared by the art modules: a stable hash for per-item variation (the same on every node and
// restart, nothing stored) and the four colours a drawing is painted with.

export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export interface Palette {
  main: string;
  dark: string;
  light: string;
  accent: string;
}
