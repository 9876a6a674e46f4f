import type { Plugin } from 'vite';

// Pixi splits every text it measures or draws into graphemes with `CanvasTextMetrics.graphemeSegmenter`,
// which its module builds when it is evaluated: `new Intl.Segmenter()`, whose first construction loads
// the browser's ICU break-iterator data, ~40 ms of main thread on this machine's Chromium (~165 ms at a
// phone's 4× slower CPU) inside the scene chunk's evaluation, before any scene has asked for a letter.
// In the client build this plugin replaces that definition with one that splits by code points when
// that is already the grapheme split, and builds the segmenter at the first text that needs it.
//
// Code points are graphemes for every text of U+0000–U+02FF without CR: no character of that range
// extends or joins its neighbour (combining marks start at U+0300; ZWJ, variation selectors and
// regional indicators are far above), and CR LF is the one pair of controls that forms one cluster.
// Our canvases draw digits, multipliers, coins and item names, so the segmenter is seldom needed.
// Pixi documents the static as replaceable (a polyfill for browsers without Intl.Segmenter).

const FILE = /pixi\.js\/lib\/scene\/text\/canvas\/CanvasTextMetrics\.mjs$/;
/** The whole eager definition, from its assignment to the end of its IIFE. */
export const EAGER_SEGMENTER = /_CanvasTextMetrics\.graphemeSegmenter = \(\(\) => \{[^]*?new Intl\.Segmenter\(\)[^]*?return \(s\) => \[\.\.\.s\];\n\}\)\(\);/;

export const LAZY_SEGMENTER = `_CanvasTextMetrics.graphemeSegmenter = (() => {
  const simple = /^[\\0-\\f\\x0E-\\u02FF]*$/;
  if (typeof Intl?.Segmenter !== "function") return (s) => [...s];
  let segmenter;
  return (s) => {
    if (simple.test(s)) return [...s];
    segmenter ??= new Intl.Segmenter();
    return Array.from(segmenter.segment(s), (segment) => segment.segment);
  };
})();`;

export function graphemeSplit(): Plugin {
  return {
    name: 'shop:grapheme-split',
    apply: 'build',
    transform(code, id) {
      if (!FILE.test(id.replace(/\\/g, '/'))) return null;
      // A Pixi release that words it differently fails the build here instead of silently keeping the eager segmenter.
      if (!EAGER_SEGMENTER.test(code)) throw new Error('scripts/graphemeSplit.ts: CanvasTextMetrics.graphemeSegmenter is no longer where it was; look at it again');
      return { code: code.replace(EAGER_SEGMENTER, LAZY_SEGMENTER), map: null };
    },
  };
}
