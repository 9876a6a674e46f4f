import { describe, expect, it } from 'vitest';
import type { Text } from 'pixi.js';
import { BattleScene, SEAT_COLOURS, battleGrid, type BattleSceneRound } from '../../scenes/battle/BattleScene.ts';
import { mountScene, pixelAt } from './sceneHarness.ts';

// The battle scene beyond its pixels of a plain round (scenes.visual.test.ts): a canvas squeezed to
// almost nothing still draws (the battle page once threw "radius is negative" from the card
// baking), the totals under the reels are the page's "before" totals while they spin and the
// round's after, and a tie shows the coin landing on the side the server's tie-break picked.

const items = [
  { id: 1, name: 'Sticker pack', price: 5, rarity: 'common' },
  { id: 2, name: 'Cap', price: 20, rarity: 'uncommon' },
];

const round = (over: Partial<BattleSceneRound> = {}): BattleSceneRound => ({
  seats: [{ name: 'Ann', team: 0 }, { name: 'Bo', team: 1 }],
  teams: false,
  round: 2,
  roundsTotal: 2,
  items,
  won: [items[0]!, items[1]!],
  totals: [25, 25],
  totalsBefore: [20, 5],
  ...over,
});

const sparksFlying = (scene: BattleScene) => (scene as unknown as { particles: { active: number } }).particles.active;
const totalsShown = (scene: BattleScene) => (scene as unknown as { columns: { total: Text }[] }).columns.map((c) => c.total.text);

const near = (pixel: number[], colour: number) => Math.abs(pixel[0]! - ((colour >> 16) & 255)) < 30 && Math.abs(pixel[1]! - ((colour >> 8) & 255)) < 30 && Math.abs(pixel[2]! - (colour & 255)) < 30;

describe('battle scene', () => {
  it('draws a round on a canvas squeezed to 2 px wide', async () => {
    const m = await mountScene(new BattleScene({ seed: 1, spinSeconds: 0.1 }), { width: 2, height: 420 });
    await expect(m.host.play(round({ seats: Array.from({ length: 6 }, (_, s) => ({ name: `P${s}`, team: s })), won: Array.from({ length: 6 }, () => items[0]!), totals: [5, 5, 5, 5, 5, 5], totalsBefore: undefined }))).resolves.toBeUndefined();
    m.dispose();
  });

  it('shows the totals before the round while the reels spin, and the round’s once they stop', async () => {
    const scene = new BattleScene({ seed: 2, spinSeconds: 1.5 });
    const m = await mountScene(scene, { width: 600, height: 420 });
    const played = m.host.play(round());
    await expect.poll(() => totalsShown(scene)).toEqual(['20.00', '5.00']);
    await played;
    expect(totalsShown(scene)).toEqual(['25.00', '25.00']);
    m.dispose();
  });

  for (const motion of [1, 0]) {
    it(`motion ${motion}: a tie ends with the coin showing the side the tie-break picked`, async () => {
      const scene = new BattleScene({ seed: 3, spinSeconds: 0.2 });
      const m = await mountScene(scene, { width: 600, height: 420, motion });
      await m.host.play(round({ winners: [1], tieBreak: { tied: [0, 1], winner: 1 } }));
      // The winners' sparks fly on after the play has ended, over the coin at times: read once they are spent.
      await expect.poll(() => sparksFlying(scene), { timeout: 10_000 }).toBe(0);
      // The coin sits in the middle of the reel window (y = 56 + 310 / 2); its face above the label is the winner's colour.
      const face = pixelAt(m.app, 300, 211 - 30);
      expect(near(face, SEAT_COLOURS[1]), `coin face ${face}`).toBe(true);
      m.dispose();
    });
  }

  it('six seats on a short canvas: every name and total fits its column, none drawn under 12 px', async () => {
    const scene = new BattleScene({ seed: 3, spinSeconds: 0.1 });
    const m = await mountScene(scene, { width: 328, height: 280 });
    const seats = Array.from({ length: 6 }, (_, s) => ({ name: s % 2 ? `LongPlayerName${s}` : 'Open seat', team: s < 3 ? 0 : 1 }));
    await m.host.play(round({ seats, teams: true, won: Array.from({ length: 6 }, () => items[1]!), totals: [1234.56, 5, 20, 999.99, 0, 12.5], totalsBefore: undefined }));
    const columns = (scene as unknown as { columns: { name: Text; total: Text }[] }).columns;
    const columnWidth = 328 / 6;
    for (const [s, c] of columns.entries()) {
      for (const label of [c.name, c.total]) {
        const px = Number(label.style.fontSize) * label.scale.y;
        expect(px, `seat ${s} '${label.text}' at ${px.toFixed(1)} px`).toBeGreaterThanOrEqual(12 - 1e-6);
        expect(label.width, `seat ${s} '${label.text}' within its column`).toBeLessThanOrEqual(columnWidth - 8 + 1e-6);
      }
    }
    m.dispose();
  });

  it('a 3v3 on a phone (358 × 480): one team per row, ordinary names whole at 12 px or more; the page hears the landing when the totals change', async () => {
    const landings: { round: number; totals: string[] }[] = [];
    const scene: BattleScene = new BattleScene({ seed: 4, spinSeconds: 0.3, onLanded: (r) => landings.push({ round: r, totals: totalsShown(scene) }) });
    const m = await mountScene(scene, { width: 358, height: 480 });
    const names = ['Steadfast', 'Marigold7', 'Bolt (bot)', 'Quintessa', 'Newbie42', 'Gears (bot)'];
    const seats = names.map((name, s) => ({ name, team: s < 3 ? 0 : 1 }));
    expect(battleGrid(seats, true, 358, 480)).toMatchObject({ rows: 2, perRow: 3 });
    // The same battle on a desktop stage, and a 2v2 on a phone's short stage, keep one row.
    expect(battleGrid(seats, true, 1100, 420).rows).toBe(1);
    expect(battleGrid(seats.slice(0, 4), true, 358, 280).rows).toBe(1);
    const totals = [1234.56, 5, 20, 999.99, 0, 12.5];
    await m.host.play(round({ seats, teams: true, won: Array.from({ length: 6 }, () => items[1]!), totals, totalsBefore: [0, 0, 0, 0, 0, 0] }));
    const columns = (scene as unknown as { columns: { name: Text; total: Text }[] }).columns;
    for (const [s, c] of columns.entries()) {
      expect(c.name.text, 'the name whole').toBe(names[s]);
      // Team 1 on the first row, team 2 on the second, each seat in its third of the width.
      expect(c.name.y < 240).toBe(s < 3);
      expect(Math.floor(c.name.x / (358 / 3))).toBe(s % 3);
      for (const label of [c.name, c.total]) {
        expect(Number(label.style.fontSize) * label.scale.y, `'${label.text}'`).toBeGreaterThanOrEqual(12 - 1e-6);
        expect(label.width).toBeLessThanOrEqual(358 / 3 - 8 + 1e-6);
      }
    }
    // Heard once the reels show the round's totals, not before (the seat cards follow this).
    expect(landings[0]).toEqual({ round: 2, totals: totals.map((t) => t.toFixed(2)) });
    m.dispose();
  });
});
