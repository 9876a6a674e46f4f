import type { CelebrationTier } from '../../core/games/celebration.ts';

// The pieces of a big win's pile, drawn on a 2D canvas: gold coins, or pink gems for a mega win.
// Shared by the physics (coinPhysics.ts) and the still pile of reduced motion, so both look alike.

export const COIN_SIZE = 22;
export type Piece = 'coin' | 'gem';

export function pieceOf(tier: CelebrationTier): Piece {
  return tier === 'mega' ? 'gem' : 'coin';
}

export function drawPiece(ctx: CanvasRenderingContext2D, piece: Piece, x: number, y: number, angle: number): void {
  const r = COIN_SIZE / 2;
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  if (piece === 'coin') {
    ctx.fillStyle = '#b07a10';
    ctx.beginPath();
    ctx.arc(0, 0, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#ffcf40';
    ctx.beginPath();
    ctx.arc(0, 0, r * 0.78, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#fff2b0';
    ctx.fillRect(-r * 0.12, -r * 0.45, r * 0.24, r * 0.9);
  } else {
    ctx.fillStyle = '#c0267f';
    ctx.beginPath();
    ctx.moveTo(0, -r);
    ctx.lineTo(r, 0);
    ctx.lineTo(0, r);
    ctx.lineTo(-r, 0);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = '#ff8fd0';
    ctx.beginPath();
    ctx.moveTo(0, -r * 0.6);
    ctx.lineTo(r * 0.6, 0);
    ctx.lineTo(0, 0);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}

/** Where `count` pieces rest in a mound at the bottom centre: the reduced-motion frame. */
export function stillPile(count: number, width: number, height: number): { x: number; y: number; angle: number }[] {
  const out: { x: number; y: number; angle: number }[] = [];
  const across = Math.max(3, Math.min(Math.floor((width * 0.6) / COIN_SIZE), Math.ceil(Math.sqrt(count * 2))));
  let row = 0;
  while (out.length < count) {
    const inRow = Math.max(1, across - row);
    const left = width / 2 - ((inRow - 1) * COIN_SIZE) / 2;
    for (let i = 0; i < inRow && out.length < count; i++) {
      out.push({ x: left + i * COIN_SIZE, y: height - COIN_SIZE / 2 - row * COIN_SIZE * 0.86, angle: ((i * 7 + row * 3) % 5) * 0.3 });
    }
    row += 1;
  }
  return out;
}
