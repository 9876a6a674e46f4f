import { TextStyle } from 'pixi.js';

// Shared look of scene text and colours (docs/client-shell.md, Look): one vivid accent for wins, one for losses.

export const COLOURS = {
  win: 0x2ee59d,
  lose: 0xff4d6a,
  accent: 0xffbf2e,
  panel: 0x171a2e,
  panelEdge: 0x2c3157,
  track: 0x23263f,
  text: 0xf3f4ff,
  muted: 0x8a8fb5,
} as const;

/** The smallest label any scene draws on screen, CSS px: readable on a phone (docs/client-shell.md, "Phones"). */
export const MIN_LABEL_PX = 10;

export const FONT = "'Inter Variable', Inter, system-ui, sans-serif";

export function textStyle(size: number, fill: number = COLOURS.text, weight: '400' | '600' | '700' | '800' = '700'): TextStyle {
  return new TextStyle({ fontFamily: FONT, fontSize: size, fill, fontWeight: weight });
}
