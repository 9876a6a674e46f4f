import { paletteFor } from './palette.ts';

// Our own box illustration: a glossy isometric crate with a question mark, coloured per box and
// marked with its category's emblem.

const emblem: Record<string, string> = {
  sneakers: 'M-22 8 C-22 -4 -12 -10 -2 -10 L10 -2 C18 4 26 4 26 12 L-22 12 Z',
  tech: 'M-12 -18 h24 a4 4 0 0 1 4 4 v32 a4 4 0 0 1 -4 4 h-24 a4 4 0 0 1 -4 -4 v-32 a4 4 0 0 1 4 -4 z',
  watches: 'M0 -18 a18 18 0 1 0 0.1 0 z',
  fashion: 'M-10 -16 L-24 -8 L-18 2 L-12 -2 L-12 18 L12 18 L12 -2 L18 2 L24 -8 L10 -16 C6 -8 -6 -8 -10 -16 Z',
  gaming: 'M-18 -8 h36 c8 0 12 10 12 18 c0 8 -8 10 -12 4 l-6 -6 h-24 l-6 6 c-4 6 -12 4 -12 -4 c0 -8 4 -18 12 -18 z',
  'gift-cards': 'M-22 -14 h44 v28 h-44 z',
  mixed: 'M0 -20 L6 -6 L20 -6 L9 3 L13 18 L0 9 L-13 18 L-9 3 L-20 -6 L-6 -6 Z',
};

export function boxSvg(box: { slug: string; category: string }): string {
  const p = paletteFor(`box:${box.slug}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">
  <defs>
    <linearGradient id="top" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.main}"/></linearGradient>
    <linearGradient id="left" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.main}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>
    <radialGradient id="glow" cx="50%" cy="60%" r="50%"><stop offset="0" stop-color="${p.accent}" stop-opacity=".5"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>
  </defs>
  <circle cx="128" cy="140" r="120" fill="url(#glow)"/>
  <path d="M128 40 L222 86 L128 132 L34 86 Z" fill="url(#top)"/>
  <path d="M34 86 L128 132 L128 232 L34 186 Z" fill="url(#left)"/>
  <path d="M222 86 L128 132 L128 232 L222 186 Z" fill="${p.dark}"/>
  <path d="M81 63 L175 109 L175 209" stroke="${p.accent}" stroke-width="10" fill="none" opacity=".9"/>
  <path d="M128 40 L222 86 L128 132 L34 86 Z" fill="none" stroke="#ffffff" stroke-opacity=".35" stroke-width="3"/>
  <text x="80" y="196" text-anchor="middle" font-family="sans-serif" font-weight="900" font-size="64" fill="#ffffff" fill-opacity=".9" transform="skewY(26) translate(0 -40)">?</text>
  <g transform="translate(186 150) scale(.9)"><path d="${emblem[box.category] ?? emblem.mixed}" fill="${p.light}" opacity=".85"/></g>
</svg>`;
}
