import { celebrationHeadline, celebrationTier, isBigWin, type CelebrationTier, type WinToCelebrate } from '../../core/games/celebration.ts';
import { COIN_SIZE, drawPiece, pieceOf, stillPile, type Piece } from './coinArt.ts';
import { BIG_WIN_TEST_ID, clearBigWin } from './bigWinSlot.ts';
import { BIG_WIN_FANFARE, BIG_WIN_STING } from './bigWinMusic.ts';
import type { SceneSound } from './SceneSound.ts';

// The tier rule with the moment, for the caller that loaded it to act on the tier showBigWin answers.
export { isBigWin };

// The physical moment of a big win, over any game's scene (docs/scenes.md "Big wins"): coins (gems
// for a mega win) burst from the middle, fall and pile at the bottom of the scene, under a headline
// with the multiplier. The tier is core/games/celebration.ts's; a win below "big" and every loss get
// nothing here. The physics (matter-js, ~90 KB) is a dynamic import made only when a big win
// happens, so no page pays for it before (this module itself is loaded by the first win to judge:
// useScene's celebrate). Under reduced motion there is no physics: the pile's final frame is drawn
// at once. The last frame stays until the next play clears it (bigWinSlot.ts), which also ends a
// pile still falling (its loop stops once its canvas has left the page).

/** The tiers that get the moment (and a box opening's reveal). */
export type BigWinTier = Exclude<CelebrationTier, 'none' | 'win'>;

/**
 * The headline of each big tier in the page's language ("BIG WIN"), which the page passes in (a
 * scene knows no language: src/features/scenes/useScene.ts's bigWinLabels); without them, English.
 */
export type BigWinLabels = Readonly<Record<BigWinTier, string>>;

/** A tier's headline: the page's label for it, else core's English. */
function bigWinHeadline(tier: CelebrationTier, labels?: BigWinLabels): string {
  return (isBigWin(tier) && labels?.[tier as BigWinTier]) || celebrationHeadline(tier);
}

/** Pieces per tier: a bigger win, a bigger pile. */
const PIECES: Partial<Record<CelebrationTier, number>> = { big: 28, huge: 48, mega: 72 };

function multiplierText(win: WinToCelebrate): string {
  return win.stake > 0 ? ` ${(win.payout / win.stake).toFixed(2)}×` : '';
}

/**
 * Shows the moment of `win` over `element` if its tier is big or above; returns the tier.
 * `motion` 0 draws the still pile at once. With the scene's `sound`, the big-win music plays on its
 * music bus (silent while muted): the fanfare, or under reduced motion its last chord alone. The
 * headline is the tier's in `labels` (the page's language), English without them.
 */
export function showBigWin(element: HTMLElement, win: WinToCelebrate, motion: number, sound?: SceneSound, labels?: BigWinLabels): CelebrationTier {
  clearBigWin(element);
  const tier = celebrationTier(win);
  if (!isBigWin(tier)) return tier;
  sound?.music(motion > 0 ? BIG_WIN_FANFARE : BIG_WIN_STING);
  const width = element.clientWidth;
  const height = element.clientHeight;
  if (width < COIN_SIZE * 4 || height < COIN_SIZE * 3) return tier;
  if (getComputedStyle(element).position === 'static') element.style.position = 'relative';

  const overlay = document.createElement('div');
  overlay.dataset.testid = BIG_WIN_TEST_ID;
  overlay.dataset.tier = tier;
  overlay.setAttribute('role', 'status');
  Object.assign(overlay.style, { position: 'absolute', inset: '0', pointerEvents: 'none', overflow: 'hidden', zIndex: '2' });
  const headline = document.createElement('div');
  headline.textContent = `${bigWinHeadline(tier, labels)}${multiplierText(win)}`;
  Object.assign(headline.style, {
    position: 'absolute', left: '0', right: '0', top: '12%', textAlign: 'center', font: '800 clamp(22px, 4vw, 40px)/1.1 system-ui, sans-serif',
    color: tier === 'mega' ? '#ff4fb8' : '#ffbf2e', textShadow: '0 2px 12px rgba(0,0,0,.8)', letterSpacing: '0.04em',
  });
  const canvas = document.createElement('canvas');
  const ratio = Math.min(2, window.devicePixelRatio || 1);
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  Object.assign(canvas.style, { position: 'absolute', inset: '0', width: '100%', height: '100%' });
  overlay.append(canvas, headline);
  element.append(overlay);

  const ctx = canvas.getContext('2d');
  if (!ctx) return tier;
  ctx.scale(ratio, ratio);
  const piece: Piece = pieceOf(tier);
  const count = PIECES[tier] ?? 28;
  const still = () => {
    ctx.clearRect(0, 0, width, height);
    for (const p of stillPile(count, width, height)) drawPiece(ctx, piece, p.x, p.y, p.angle);
    overlay.dataset.settled = 'true';
  };
  if (motion <= 0) {
    still();
    return tier;
  }
  overlay.dataset.settled = 'false';
  void import('./coinPhysics.ts').then(
    ({ burstAndPile }) => burstAndPile(ctx, { width, height, count, piece }),
    // Without the physics chunk (a failed load), the still pile shows the win.
    () => still(),
  ).then(() => {
    if (overlay.isConnected) overlay.dataset.settled = 'true';
  });
  return tier;
}
