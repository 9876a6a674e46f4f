import { Resvg } from '@resvg/resvg-js';
import type { PublicBet } from '../../core/protocol/transparency.ts';
import { HISTORY_GAME_LABELS } from '../../core/protocol/history.ts';
import { fitText, sizeToFit, textPath } from './cardText.ts';

// A bet's share picture (docs/transparency.md, "Open Graph card"): 1200×630, the size link previews
// use, drawn from the bet's public page data alone (publicBet), so it says no more than the page
// (no player name at all). The SVG's texts are paths (cardText.ts), rasterised by resvg without
// system fonts: the same picture on every server.

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The shop's palette (src/styles/theme.css). */
const COLOR = { bg: '#05051a', panel: '#14163a', border: '#2c2d6b', text: '#eef0ff', muted: '#9ca1cf', win: '#1ee88a', money: '#ffc53d', purple: '#7040ff' };

const coins = (value: number) => value.toFixed(2);

/** What the card's lines say about `bet`. */
export function shareCardLines(bet: PublicBet): { game: string; multiplier: string; won: boolean; amount: string; result: string } {
  const game = HISTORY_GAME_LABELS[bet.game];
  if (bet.payout === null) return { game, multiplier: 'In play', won: false, amount: `${coins(bet.stake)} coins staked`, result: bet.result };
  const won = bet.payout > bet.stake;
  return {
    game,
    multiplier: bet.multiplier === null ? '—' : `${bet.multiplier.toFixed(2)}×`,
    won,
    amount: `${won ? 'Won' : 'Paid'} ${coins(bet.payout)} coins on ${coins(bet.stake)}`,
    result: bet.result,
  };
}

export function shareCardSvg(bet: PublicBet): string {
  const l = shareCardLines(bet);
  const left = 110;
  const width = CARD_WIDTH - 2 * left;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<defs><radialGradient id="glow" cx="15%" cy="-10%" r="80%"><stop offset="0" stop-color="${COLOR.purple}" stop-opacity="0.45"/><stop offset="1" stop-color="${COLOR.purple}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLOR.bg}"/>`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#glow)"/>`,
    `<rect x="60" y="60" width="${CARD_WIDTH - 120}" height="${CARD_HEIGHT - 120}" rx="28" fill="${COLOR.panel}" fill-opacity="0.9" stroke="${COLOR.border}" stroke-width="2"/>`,
    boxMark(930, 330, 130, l.won ? COLOR.win : COLOR.purple),
    textPath('Open Mystery Boxes', { x: left, y: 140, size: 34, weight: 700, fill: COLOR.text }),
    textPath('Provably fair', { x: CARD_WIDTH - left, y: 140, size: 30, weight: 700, fill: COLOR.win, anchor: 'end' }),
    textPath(fitText(l.game, width, 56, 700), { x: left, y: 232, size: 56, weight: 700, fill: COLOR.muted }),
    // The multiplier shrinks to stay clear of the mark (a 10,000.00× is wide).
    textPath(l.multiplier, { x: left, y: 390, size: sizeToFit(l.multiplier, 640, 150, 700), weight: 700, fill: l.won ? COLOR.win : COLOR.text }),
    textPath(fitText(l.amount, width, 46, 700), { x: left, y: 462, size: 46, weight: 700, fill: COLOR.money }),
    textPath(fitText(l.result, width, 32, 400), { x: left, y: 520, size: 32, weight: 400, fill: COLOR.muted }),
    '</svg>',
  ].join('');
}

/** The shop's mark: an open-faced box (three faces of a cube) centred at (cx, cy), `r` from centre to corner. */
function boxMark(cx: number, cy: number, r: number, tint: string): string {
  const h = r * Math.sqrt(3) / 2;
  const p = (pts: [number, number][]) => pts.map(([x, y]) => `${(cx + x).toFixed(1)},${(cy + y).toFixed(1)}`).join(' ');
  return [
    `<polygon points="${p([[0, -r], [h, -r / 2], [0, 0], [-h, -r / 2]])}" fill="${tint}" fill-opacity="0.55"/>`,
    `<polygon points="${p([[-h, -r / 2], [0, 0], [0, r], [-h, r / 2]])}" fill="${tint}" fill-opacity="0.3"/>`,
    `<polygon points="${p([[h, -r / 2], [0, 0], [0, r], [h, r / 2]])}" fill="${tint}" fill-opacity="0.18"/>`,
  ].join('');
}

/** The card as a PNG. */
export function shareCardPng(bet: PublicBet): Buffer {
  return new Resvg(shareCardSvg(bet), { font: { loadSystemFonts: false }, fitTo: { mode: 'original' } }).render().asPng();
}
