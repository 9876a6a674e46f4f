import { RARITY_COLOURS, isRarity } from '../../../core/games/rarity.ts';
import { productDrawing, type ArtItem } from './itemArt.ts';
import { hashString } from './palette.ts';

// Our own box illustration: an open gift box in its theme's colours with its most valuable item
// rising out of it, so a box shows what it is about (the Rolex box a watch, the Console box a
// console) and no two boxes look alike. Theme colours come from the category, shifted per box slug;
// the glow behind the hero is its rarity colour.

const THEME_HUES: Record<string, number> = { sneakers: 12, tech: 205, watches: 42, fashion: 320, gaming: 265, 'gift-cards': 150, mixed: 285 };

export interface ArtBox {
  slug: string;
  name: string;
  category: string;
}

export function boxSvg(box: ArtBox, hero: ArtItem | null): string {
  const h = hashString(`box:${box.slug}`);
  const hue = ((THEME_HUES[box.category] ?? (h % 360)) + ((h % 50) - 25) + 360) % 360;
  const main = `hsl(${hue} 70% 50%)`;
  const dark = `hsl(${hue} 70% 24%)`;
  const light = `hsl(${hue} 80% 72%)`;
  const ribbon = `hsl(${(hue + 180 + ((h >>> 8) % 60)) % 360} 90% 62%)`;
  const glow = hero && isRarity(hero.rarity) ? RARITY_COLOURS[hero.rarity] : light;
  const drawing = hero ? productDrawing(hero, 'h') : null;
  const pattern = h % 3;
  const dots =
    pattern === 0
      ? Array.from({ length: 6 }, (_, i) => `<circle cx="${66 + (i % 3) * 62}" cy="${172 + Math.floor(i / 3) * 34}" r="6" fill="${light}" opacity=".35"/>`).join('')
      : pattern === 1
        ? `<path d="M44 176 L212 176 M44 204 L212 204" stroke="${light}" stroke-width="4" opacity=".3"/>`
        : `<path d="M60 160 L100 230 M110 160 L150 230 M160 160 L200 230" stroke="${light}" stroke-width="6" opacity=".22"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">
  <defs>
    ${drawing?.defs ?? ''}
    <radialGradient id="bglow" cx="50%" cy="42%" r="50%"><stop offset="0" stop-color="${glow}" stop-opacity=".7"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
    <linearGradient id="bfront" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${main}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <linearGradient id="blid" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${main}"/></linearGradient>
  </defs>
  <circle cx="128" cy="104" r="112" fill="url(#bglow)"/>
  ${Array.from({ length: 10 }, (_, i) => `<path d="M128 140 L120 10 L136 10 Z" fill="${glow}" opacity=".14" transform="rotate(${i * 36 - 90} 128 140)"/>`).join('')}
  ${drawing ? `<g transform="translate(128 86) scale(.56) translate(-128 -128)">${drawing.body}</g>` : ''}
  <path d="M36 146 H220 V232 C220 238 216 242 210 242 H46 C40 242 36 238 36 232 Z" fill="url(#bfront)"/>
  ${dots}
  <rect x="114" y="146" width="28" height="96" fill="${ribbon}"/>
  <path d="M24 128 L232 128 L226 152 L30 152 Z" fill="url(#blid)" transform="rotate(-6 128 140)"/>
  <rect x="110" y="124" width="36" height="30" fill="${ribbon}" transform="rotate(-6 128 140)"/>
  <path d="M36 146 H220" stroke="#fff" stroke-opacity=".4" stroke-width="3"/>
  <path d="M46 240 H210" stroke="#000" stroke-opacity=".3" stroke-width="4"/>
</svg>`;
}
