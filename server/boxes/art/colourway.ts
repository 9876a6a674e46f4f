import { hashString, type Palette } from './palette.ts';

// An item's colourway: the colours its name speaks of (a "Panda" Dunk is black and white, a
// "Pepsi" GMT red and blue), else a stable hue from the slug, so every item keeps its colours
// across restarts and nodes without storing them.

const NAMED: [RegExp, number, number][] = [
  // [words in the name, hue, saturation %] — lightness comes from the palette steps.
  [/\b(chicago|red|mars|supreme)\b/i, 355, 78],
  [/\b(pepsi|blue|navy|seamaster|diver|submariner)\b/i, 218, 72],
  [/\b(green|military|zulu|field|khaki)\b/i, 140, 45],
  [/\b(mocha|brown|togo|birkin|detroit|keepall|goyard)\b/i, 28, 48],
  [/\b(gold|royal|daytona|nautilus|datejust)\b/i, 44, 80],
  [/\b(pink|cocktail)\b/i, 330, 70],
  [/\b(purple|amethyst)\b/i, 275, 60],
  [/\b(orange|parka|expedition)\b/i, 22, 85],
];
const MONOCHROME = /\b(panda|black|zebra|white|grey|gray|concord|silver|slim|oled|ultra|max)\b/i;

export function colourwayFor(item: { slug: string; name: string }): Palette {
  const h = hashString(item.slug);
  const named = NAMED.find(([words]) => words.test(item.name));
  if (!named && MONOCHROME.test(item.name)) {
    // Black/white/grey products: a neutral body with one accent hue for the details.
    const dark = /\b(black|concord|military)\b/i.test(item.name);
    return {
      main: dark ? 'hsl(230 10% 22%)' : 'hsl(225 12% 88%)',
      dark: dark ? 'hsl(230 12% 10%)' : 'hsl(228 10% 55%)',
      light: dark ? 'hsl(230 8% 62%)' : 'hsl(0 0% 100%)',
      accent: `hsl(${h % 360} 80% 58%)`,
    };
  }
  const hue = named ? named[1] + ((h % 13) - 6) : h % 360;
  const sat = named ? named[2] : 55 + ((h >>> 17) % 30);
  return {
    main: `hsl(${hue} ${sat}% 52%)`,
    dark: `hsl(${hue} ${sat}% 24%)`,
    light: `hsl(${hue} ${sat}% 80%)`,
    accent: `hsl(${(hue + 150 + ((h >>> 9) % 60)) % 360} 85% 60%)`,
  };
}
