// Per-item colour variation: a stable hue from the item's slug, so every item keeps its colours
// across restarts and nodes without storing them.

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

export function paletteFor(seed: string): Palette {
  const h = hashString(seed);
  const hue = h % 360;
  const accentHue = (hue + 140 + ((h >>> 9) % 80)) % 360;
  const sat = 55 + ((h >>> 17) % 30);
  return {
    main: `hsl(${hue} ${sat}% 55%)`,
    dark: `hsl(${hue} ${sat}% 28%)`,
    light: `hsl(${hue} ${sat}% 78%)`,
    accent: `hsl(${accentHue} 85% 60%)`,
  };
}
