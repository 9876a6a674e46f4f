import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

// The installed app's icons (docs/client-shell.md, "Installable app"), drawn from our logo
// (assets/brand/logo.svg) on the site's panel colour and written as PNGs into public/icons/, which
// the web app manifest (vite.config.ts) lists. Chromium wants a 192 and a 512 px icon; a maskable one
// keeps the logo inside the middle 80 % circle that every launcher's mask leaves whole. Run again
// after the logo changes: `node scripts/appIcons.ts`, then commit the pictures.

const BACKGROUND = '#0b0c29'; // --bg-1, the header and panels
const OUT = path.resolve('public/icons');

/** The logo's own markup (its defs and shapes), placed in a square of `size` with the logo `logoShare` of it wide. */
function iconSvg(size: number, logoShare: number, rounded: boolean): string {
  const logo = readFileSync(path.resolve('assets/brand/logo.svg'), 'utf8');
  const inner = logo.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const logoSize = size * logoShare;
  const offset = (size - logoSize) / 2;
  const radius = rounded ? size * 0.22 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="${BACKGROUND}"/>
  <svg x="${offset}" y="${offset}" width="${logoSize}" height="${logoSize}" viewBox="0 0 64 64">${inner}</svg>
</svg>`;
}

export const APP_ICONS = [
  // purpose "any": the logo on a rounded tile, as a launcher without masks shows it.
  { file: 'icon-192.png', size: 192, logoShare: 0.78, rounded: true },
  { file: 'icon-512.png', size: 512, logoShare: 0.78, rounded: true },
  // purpose "maskable": a full square; the logo within the safe zone (a circle of 80 % of the width).
  { file: 'maskable-192.png', size: 192, logoShare: 0.56, rounded: false },
  { file: 'maskable-512.png', size: 512, logoShare: 0.56, rounded: false },
  // iOS's home screen (apple-touch-icon): a full square, iOS rounds it itself.
  { file: 'apple-touch-icon.png', size: 180, logoShare: 0.7, rounded: false },
] as const;

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(OUT, { recursive: true });
  for (const icon of APP_ICONS) {
    const png = new Resvg(iconSvg(icon.size, icon.logoShare, icon.rounded), { fitTo: { mode: 'original' } }).render().asPng();
    writeFileSync(path.join(OUT, icon.file), png);
    console.log(`${icon.file}: ${png.length} bytes`);
  }
}
