import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EAGER_SEGMENTER, LAZY_SEGMENTER, graphemeSplit } from '../../scripts/graphemeSplit.ts';

// The client build's replacement of Pixi's eagerly built grapheme segmenter (scripts/graphemeSplit.ts):
// it still finds the definition in the installed Pixi, and the lazy splitter answers exactly what
// Intl.Segmenter answers, for the fast range and for everything else.

const file = path.resolve('node_modules/pixi.js/lib/scene/text/canvas/CanvasTextMetrics.mjs');

describe('the grapheme split of the client build', () => {
  it('replaces the installed Pixi definition, and fails the build when it is not there', () => {
    const plugin = graphemeSplit() as { transform(code: string, id: string): { code: string } | null };
    const code = readFileSync(file, 'utf8');
    expect(EAGER_SEGMENTER.test(code)).toBe(true);
    const out = plugin.transform(code, file)!.code;
    expect(out).toContain(LAZY_SEGMENTER);
    expect(out).not.toMatch(/const segmenter = new Intl\.Segmenter\(\)/);
    expect(() => plugin.transform('export const x = 1;', file)).toThrow(/no longer where it was/);
    expect(plugin.transform(code, '/elsewhere/other.mjs')).toBeNull();
  });

  it('splits as Intl.Segmenter does', () => {
    const split = new Function('_CanvasTextMetrics', `${LAZY_SEGMENTER}\nreturn _CanvasTextMetrics.graphemeSegmenter;`)({}) as (s: string) => string[];
    const segmenter = new Intl.Segmenter();
    const reference = (s: string) => Array.from(segmenter.segment(s), (g) => g.segment);
    const texts = ['', '12.34x', 'x1,000.00', 'Ÿ ß ø', 'a\r\nb', 'e\u0301', '🧑\u200d💻', '🇫🇷', 'ä\u0308', 'ʰ ˈ', '\u02FF\u0300'];
    // Random strings over the fast range and its borders.
    for (let n = 0; n < 200; n++) texts.push(Array.from({ length: 8 }, () => String.fromCharCode(Math.floor(Math.random() * 0x320))).join(''));
    for (const text of texts) expect(split(text), JSON.stringify(text)).toEqual(reference(text));
  });
});
