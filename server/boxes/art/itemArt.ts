import { RARITY_COLOURS, isRarity, type Rarity } from '../../../core/games/rarity.ts';
import { colourwayFor } from './colourway.ts';
import { hashString, type Palette } from './palette.ts';
import { productKind } from './productKind.ts';
import { SHAPES, type ProductKind } from './productShapes.ts';

// Our own item illustrations: the product's silhouette (from its category and name), its colourway
// (from its name, else its slug) and a frame that grows richer with its value tier, so a 45-coin
// clog and a 9,500-coin Jordan never look alike. 256×256 vector, crisp at any density; the React
// cards and the Pixi reels draw the same file.

export interface ArtItem {
  slug: string;
  name: string;
  brand: string;
  category: string;
  rarity: string;
  /** The drawing an operator picked (migration 1010); otherwise the one its category and name give. */
  art_kind?: string | null;
}

/** Tier frame: a backdrop glow in the rarity colour; rays from rare up, sparkles from epic up. */
function tierFrame(rarity: Rarity, seed: number): string {
  const c = RARITY_COLOURS[rarity];
  const rank = ['common', 'uncommon', 'rare', 'epic', 'legendary'].indexOf(rarity);
  const rays =
    rank >= 2
      ? `<g opacity="${0.1 + rank * 0.05}">${Array.from({ length: 12 }, (_, i) => `<path d="M128 128 L118 -20 L138 -20 Z" fill="${c}" transform="rotate(${i * 30 + (seed % 30)} 128 128)"/>`).join('')}</g>`
      : '';
  const sparkles =
    rank >= 3
      ? Array.from({ length: rank * 2 }, (_, i) => {
          const h = hashString(`${seed}:${i}`);
          const x = 20 + (h % 216);
          const y = 20 + ((h >>> 8) % 216);
          const s = 4 + ((h >>> 16) % 6);
          return `<path d="M${x} ${y - s} L${x + s / 3} ${y - s / 3} L${x + s} ${y} L${x + s / 3} ${y + s / 3} L${x} ${y + s} L${x - s / 3} ${y + s / 3} L${x - s} ${y} L${x - s / 3} ${y - s / 3} Z" fill="#fff" opacity=".85"/>`;
        }).join('')
      : '';
  return `<rect x="4" y="4" width="248" height="248" rx="28" fill="url(#bg)"/>
  ${rays}
  <circle cx="128" cy="136" r="${96 + rank * 6}" fill="url(#halo)"/>
  <ellipse cx="128" cy="226" rx="86" ry="10" fill="#000" opacity=".35"/>
  <rect x="4" y="4" width="248" height="248" rx="28" fill="none" stroke="${c}" stroke-opacity="${0.35 + rank * 0.15}" stroke-width="${2 + rank}"/>
  ${sparkles}`;
}

function defs(p: Palette, rarity: Rarity, id: string): string {
  const c = RARITY_COLOURS[rarity];
  return `<defs>
    <radialGradient id="${id}bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${c}" stop-opacity=".32"/><stop offset="1" stop-color="#0b0d24" stop-opacity=".0"/></radialGradient>
    <radialGradient id="${id}halo" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="${p.main}" stop-opacity=".5"/><stop offset="1" stop-color="${p.main}" stop-opacity="0"/></radialGradient>
    <linearGradient id="${id}screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.accent}"/><stop offset=".55" stop-color="${p.main}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>
    <linearGradient id="${id}card" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.main}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>
  </defs>`;
}

/** The item's product drawing alone (no frame), for use inside other art such as its box's. */
export function productDrawing(item: ArtItem, idPrefix = ''): { defs: string; body: string } {
  const p = colourwayFor(item);
  const rarity: Rarity = isRarity(item.rarity) ? item.rarity : 'common';
  const variant = hashString(`${item.slug}:variant`) % 6;
  const label = escapeXml(item.brand.toUpperCase());
  // Shapes refer to url(#screen)/url(#card); prefix them so two drawings in one SVG do not clash.
  const kind = item.art_kind && Object.hasOwn(SHAPES, item.art_kind) ? (item.art_kind as ProductKind) : productKind(item);
  const body = SHAPES[kind](p, variant, label).replace(/url\(#(\w+)\)/g, `url(#${idPrefix}$1)`);
  return { defs: defs(p, rarity, idPrefix), body };
}

export function itemSvg(item: ArtItem): string {
  const rarity: Rarity = isRarity(item.rarity) ? item.rarity : 'common';
  const { defs: d, body } = productDrawing(item);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">${d}${tierFrame(rarity, hashString(item.slug))}<g transform="translate(128 128) scale(.78) translate(-128 -124)">${body}</g></svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;').replace(/"/g, '&quot;');
}
