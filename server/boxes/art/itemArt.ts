import { paletteFor, hashString, type Palette } from './palette.ts';

// Our own item illustrations: one stylised product silhouette per category, coloured per item.
// 256×256 viewBox, vector only, so it is crisp at any density.

type Shape = (p: Palette, variant: number) => string;

const sneaker: Shape = (p, v) => `
  <path d="M30 170 C30 140 50 120 78 116 L112 92 C120 86 132 88 138 96 L150 112 C170 128 200 132 222 140 C236 146 238 160 236 172 L236 182 L30 182 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="4"/>
  <path d="M30 176 L236 176 L236 194 C236 198 232 202 226 202 L38 202 C33 202 30 198 30 194 Z" fill="${v % 2 ? '#f4f4f8' : p.light}"/>
  <path d="M96 112 L150 150 M110 102 L166 142 M124 96 L180 136" stroke="${p.light}" stroke-width="5" stroke-linecap="round"/>
  <path d="M60 150 C100 140 150 150 200 160" stroke="${p.accent}" stroke-width="8" fill="none" stroke-linecap="round"/>`;

const tech: Shape = (p, v) =>
  v % 3 === 0
    ? `<rect x="78" y="30" width="100" height="196" rx="20" fill="${p.dark}" stroke="${p.main}" stroke-width="6"/>
  <rect x="88" y="46" width="80" height="160" rx="8" fill="${p.main}"/>
  <circle cx="128" cy="40" r="4" fill="${p.light}"/>
  <path d="M96 180 L160 70" stroke="${p.light}" stroke-width="10" opacity=".35"/>`
    : v % 3 === 1
      ? `<rect x="48" y="60" width="160" height="104" rx="8" fill="${p.dark}" stroke="${p.main}" stroke-width="6"/>
  <rect x="58" y="70" width="140" height="84" rx="4" fill="${p.main}"/>
  <path d="M28 170 L228 170 L216 190 L40 190 Z" fill="${p.light}"/>
  <path d="M80 140 L150 80" stroke="${p.accent}" stroke-width="8" opacity=".5"/>`
      : `<path d="M64 140 C64 80 92 48 128 48 C164 48 192 80 192 140" fill="none" stroke="${p.dark}" stroke-width="16" stroke-linecap="round"/>
  <rect x="44" y="128" width="44" height="72" rx="18" fill="${p.main}" stroke="${p.dark}" stroke-width="4"/>
  <rect x="168" y="128" width="44" height="72" rx="18" fill="${p.main}" stroke="${p.dark}" stroke-width="4"/>
  <circle cx="66" cy="164" r="10" fill="${p.accent}"/><circle cx="190" cy="164" r="10" fill="${p.accent}"/>`;

const watch: Shape = (p, v) => `
  <rect x="100" y="18" width="56" height="70" rx="10" fill="${p.dark}"/>
  <rect x="100" y="168" width="56" height="70" rx="10" fill="${p.dark}"/>
  <circle cx="128" cy="128" r="62" fill="${p.light}" stroke="${p.main}" stroke-width="12"/>
  <circle cx="128" cy="128" r="46" fill="${v % 2 ? '#10131f' : p.main}"/>
  ${Array.from({ length: 12 }, (_, i) => `<rect x="126" y="86" width="4" height="10" fill="${p.light}" transform="rotate(${i * 30} 128 128)"/>`).join('')}
  <path d="M128 128 L128 96 M128 128 L150 140" stroke="${p.accent}" stroke-width="5" stroke-linecap="round"/>
  <rect x="190" y="120" width="12" height="16" rx="3" fill="${p.main}"/>`;

const fashion: Shape = (p, v) =>
  v % 2
    ? `<path d="M88 40 L60 52 L24 96 L52 124 L72 106 L72 220 L184 220 L184 106 L204 124 L232 96 L196 52 L168 40 C160 60 96 60 88 40 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="5"/>
  <path d="M100 52 C108 86 148 86 156 52" fill="${p.dark}"/>
  <rect x="100" y="120" width="56" height="30" rx="4" fill="${p.accent}"/>`
    : `<path d="M76 96 C76 52 180 52 180 96" fill="none" stroke="${p.dark}" stroke-width="12"/>
  <path d="M44 96 L212 96 L200 222 L56 222 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="5"/>
  <path d="M60 130 L196 130" stroke="${p.light}" stroke-width="6"/>
  <rect x="112" y="118" width="32" height="26" rx="4" fill="${p.accent}"/>`;

const gaming: Shape = (p) => `
  <path d="M60 92 L196 92 C226 92 244 130 244 168 C244 200 222 210 206 196 L180 168 L76 168 L50 196 C34 210 12 200 12 168 C12 130 30 92 60 92 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="5"/>
  <path d="M58 118 L58 150 M42 134 L74 134" stroke="${p.light}" stroke-width="9" stroke-linecap="round"/>
  <circle cx="186" cy="120" r="8" fill="${p.accent}"/><circle cx="204" cy="138" r="8" fill="${p.light}"/>
  <circle cx="168" cy="138" r="8" fill="${p.light}"/><circle cx="186" cy="156" r="8" fill="${p.accent}"/>
  <circle cx="104" cy="150" r="11" fill="${p.dark}"/><circle cx="152" cy="150" r="11" fill="${p.dark}"/>`;

const giftCard: Shape = (p, v) => `
  <g transform="rotate(-8 128 128)">
  <rect x="24" y="62" width="208" height="132" rx="16" fill="${p.main}" stroke="${p.dark}" stroke-width="5"/>
  <rect x="24" y="92" width="208" height="16" fill="${p.dark}" opacity=".6"/>
  <rect x="44" y="126" width="40" height="30" rx="5" fill="${p.light}"/>
  <path d="M160 130 l16 -16 l16 16 l-16 16 z" fill="${p.accent}"/>
  <text x="212" y="182" text-anchor="end" font-family="sans-serif" font-weight="800" font-size="22" fill="${p.light}">${['GIFT', 'CARD', 'CODE'][v % 3]}</text>
  </g>`;

const shapes: Record<string, Shape> = { sneakers: sneaker, tech, watches: watch, fashion, gaming, 'gift-cards': giftCard };

function glowBackground(p: Palette): string {
  return `<defs><radialGradient id="g" cx="50%" cy="55%" r="55%"><stop offset="0" stop-color="${p.main}" stop-opacity=".45"/><stop offset="1" stop-color="${p.main}" stop-opacity="0"/></radialGradient></defs>
  <circle cx="128" cy="136" r="120" fill="url(#g)"/>`;
}

/** The SVG of one item (category silhouette, colours from the slug). */
export function itemSvg(item: { slug: string; category: string }): string {
  const p = paletteFor(item.slug);
  const variant = hashString(`${item.slug}:variant`) % 6;
  const shape = shapes[item.category] ?? giftCard;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">${glowBackground(p)}${shape(p, variant)}</svg>`;
}
