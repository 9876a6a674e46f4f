import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';

// Text drawn as SVG paths for the share card (docs/transparency.md, "Open Graph card"): the glyphs
// come from Inter's own font files (@fontsource/inter, the shop's typeface), so the picture is the
// same on every server whatever fonts its system has, and the rasteriser needs none. Glyphs are
// placed one by one with the font's kerning (no shaping: the card's texts are short Latin lines).

const require = createRequire(import.meta.url);
const fontFile = (name: string) => {
  const bytes = readFileSync(require.resolve(`@fontsource/inter/files/${name}`));
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};

export type Weight = 400 | 700;
let fonts: Record<Weight, opentype.Font[]> | null = null;
/** Latin first, then Latin Extended, for each weight; read once, on the first card. */
function fontsOf(weight: Weight): opentype.Font[] {
  fonts ??= {
    400: [fontFile('inter-latin-400-normal.woff'), fontFile('inter-latin-ext-400-normal.woff')],
    700: [fontFile('inter-latin-700-normal.woff'), fontFile('inter-latin-ext-700-normal.woff')],
  };
  return fonts[weight];
}

/** Each character's glyph and the font it comes from (the first that has it; .notdef otherwise). */
function glyphs(text: string, weight: Weight) {
  const list = fontsOf(weight);
  return [...text].map((c) => {
    for (const font of list) {
      const glyph = font.charToGlyph(c);
      if (glyph.index !== 0) return { font, glyph };
    }
    return { font: list[0]!, glyph: list[0]!.charToGlyph(c) };
  });
}

/** The width of `text` at `size` pixels. */
export function textWidth(text: string, size: number, weight: Weight): number {
  return layout(text, size, weight, 0, 0).width;
}

function layout(text: string, size: number, weight: Weight, x: number, y: number) {
  let at = x;
  let d = '';
  const placed = glyphs(text, weight);
  placed.forEach(({ font, glyph }, i) => {
    const scale = size / font.unitsPerEm;
    d += glyph.getPath(at, y, size).toPathData(1);
    const next = placed[i + 1];
    const kern = next && next.font === font ? font.getKerningValue(glyph, next.glyph) : 0;
    at += ((glyph.advanceWidth ?? 0) + kern) * scale;
  });
  return { d, width: at - x };
}

/** `text` as one SVG path: `x` is where it starts (or its middle, or its end), `y` its baseline. */
export function textPath(text: string, o: { x: number; y: number; size: number; weight: Weight; fill: string; anchor?: 'start' | 'middle' | 'end' }): string {
  // Laid out once at x = 0, then moved by its own width for the anchor.
  const { d, width } = layout(text, o.size, o.weight, 0, o.y);
  const x = o.anchor === 'middle' ? o.x - width / 2 : o.anchor === 'end' ? o.x - width : o.x;
  return `<path fill="${o.fill}" transform="translate(${x.toFixed(1)} 0)" d="${d}"/>`;
}

/** `text` cut with an ellipsis to fit `max` pixels. */
export function fitText(text: string, max: number, size: number, weight: Weight): string {
  if (textWidth(text, size, weight) <= max) return text;
  let cut = text;
  while (cut.length > 1 && textWidth(`${cut}…`, size, weight) > max) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** The size at most `size` at which `text` fits `max` pixels. */
export function sizeToFit(text: string, max: number, size: number, weight: Weight): number {
  return Math.min(size, Math.floor((size * max) / textWidth(text, size, weight)));
}
