import { describe, expect, it } from 'vitest';
import { BoxOpeningScene } from '../../scenes/box-opening/BoxOpeningScene.ts';
import { DiceScene } from '../../scenes/dice/DiceScene.ts';
import { UpgradeScene } from '../../scenes/upgrade/UpgradeScene.ts';
import { BattleScene, SEAT_COLOURS } from '../../scenes/battle/BattleScene.ts';
import { mountScene, pixelAt } from './sceneHarness.ts';

// Canvas pixels at known positions for fixed outcomes: the reel stops with the decided item under
// the marker and glows in its rarity colour, the dice marker sits at the roll in the verdict's
// colour, the upgrade arc covers the chance.

const items = [
  { id: 1, name: 'Sticker pack', price: 0.5, rarity: 'common', odds: 80 },
  { id: 2, name: 'Gold watch', price: 2890, rarity: 'legendary', odds: 20 },
  { id: 3, name: 'Gift card', price: 60, rarity: 'uncommon', odds: 20 },
];

const isGold = ([r, g, b]: number[]) => r! > b! + 35 && g! > b! && r! > 120;
const isGrey = ([r, g, b]: number[]) => Math.abs(r! - b!) < 40 && Math.abs(g! - b!) < 40 && r! > 60;
const isBlue = ([r, , b]: number[]) => b! > r! + 60 && b! > 150;

// (A rare or better drop ends on its full-scene reveal over the reels: tests/scenes/boxOpening.test.ts.)
describe('box-opening reel (fixed outcome, full motion)', () => {
  for (const [won, check, label] of [
    [items[2]!, isBlue, 'blue'],
    [items[0]!, isGrey, 'grey'],
  ] as const) {
    it(`stops on the decided ${won.rarity} item with a ${label} glow`, async () => {
      const m = await mountScene(new BoxOpeningScene({ seed: 42, spinSeconds: 0.4 }), { width: 800, height: 240 });
      await m.host.play({ items, won: [won], stake: 60 });
      // Card 190 px tall, 155.8 px wide, centred at (400, 120) under the marker, scaled 1.06 as the winner.
      const bar = pixelAt(m.app, 440, 120 + 95 * 1.06 - 2.5); // the rarity bar at the card's foot, right of the marker
      const glow = pixelAt(m.app, 400 - 78 * 1.06 - 5, 120); // the glow just outside the card's left edge
      expect(check(bar), `bar ${bar}`).toBe(true);
      expect(check(glow), `glow ${glow}`).toBe(true);
      m.dispose();
    });
  }
});

describe('battle (fixed outcome: three seats, the middle one wins)', () => {
  for (const motion of [1, 0]) {
    it(`motion ${motion}: each reel stops on its seat's item, the winner glows gold, seat colours on top`, async () => {
      const m = await mountScene(new BattleScene({ seed: 7, spinSeconds: 0.4 }), { width: 900, height: 420, motion });
      await m.host.play({
        seats: [{ name: 'Ann', team: 0 }, { name: 'Bo', team: 1 }, { name: 'Cy', team: 2 }],
        teams: false,
        round: 1,
        roundsTotal: 1,
        items,
        won: [items[0]!, items[1]!, items[0]!],
        totals: [0.5, 2890, 0.5],
        winners: [1],
      });
      // Columns 300 px wide; cards 150 × 180 centred at y = 56 + 310 / 2 = 211.
      const bar = (x: number) => pixelAt(m.app, x + 40, 211 + 90 - 2.5);
      expect(isGold(bar(450)), `winner bar ${bar(450)}`).toBe(true);
      expect(isGrey(bar(150)), `seat 0 bar ${bar(150)}`).toBe(true);
      expect(isGrey(bar(750)), `seat 2 bar ${bar(750)}`).toBe(true);
      const glow = pixelAt(m.app, 450 - 75 - 6, 211);
      expect(isGold(glow), `winner glow ${glow}`).toBe(true);
      // A losing seat's glow is faint in the final frame, however the play got there (its end's pulse
      // once left the losers lit while a skip in the spin left them faint).
      // 5 px above seat 0's card: rgb about (30, 33, 60) faint, (81, 86, 110) lit.
      const loserGlow = pixelAt(m.app, 150, 116);
      expect(loserGlow[0]! + loserGlow[1]! + loserGlow[2]!, `losing seat's glow ${loserGlow}`).toBeLessThan(160);
      // The seat stripes under the names, in the seat colours.
      const stripe = pixelAt(m.app, 150, 51);
      const blue = SEAT_COLOURS[0];
      expect(Math.abs(stripe[2]! - (blue & 0xff))).toBeLessThan(30);
      m.dispose();
    });
  }
});

describe('dice (reduced motion: the final frame at once)', () => {
  it('puts a green marker at a winning roll and a red one at a losing roll', async () => {
    const m = await mountScene(new DiceScene(), { width: 600, height: 220, motion: 0 });
    const trackX = (v: number) => 36 + (v / 100) * (600 - 72);
    const markerY = Math.round(220 * 0.68) - 34;
    await m.host.play({ roll: 25, target: 60, direction: 'under', win: true, multiplier: 1.65 });
    const win = pixelAt(m.app, trackX(25) + 30, markerY + 8);
    expect(win[1]).toBeGreaterThan(180);
    expect(win[0]).toBeLessThan(120);
    await m.host.play({ roll: 80.5, target: 60, direction: 'under', win: false });
    const lose = pixelAt(m.app, trackX(80.5) + 30, markerY + 8);
    expect(lose[0]).toBeGreaterThan(200);
    expect(lose[1]).toBeLessThan(120);
    // The old marker position is empty again.
    const old = pixelAt(m.app, trackX(25) + 30, markerY + 8);
    expect(old[1]).toBeLessThan(120);
    m.dispose();
  });
});

describe('upgrade gauge', () => {
  it('draws the win arc over exactly the chance', async () => {
    const m = await mountScene(new UpgradeScene({ chance: 25 }), { width: 400, height: 400, motion: 0 });
    await m.host.play({ chance: 25, roll: 70, win: false });
    const r = 400 * 0.38;
    const at = (percent: number) => {
      const a = -Math.PI / 2 + (percent / 100) * Math.PI * 2;
      return pixelAt(m.app, 200 + Math.cos(a) * r, 200 + Math.sin(a) * r);
    };
    const inside = at(12.5);
    const outside = at(40);
    expect(inside[1], `inside ${inside}`).toBeGreaterThan(180);
    expect(outside[1], `outside ${outside}`).toBeLessThan(100);
    m.dispose();
  });
});
