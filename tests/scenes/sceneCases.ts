import type { Scene } from '../../scenes/kit/Scene.ts';
import { BoxOpeningScene } from '../../scenes/box-opening/BoxOpeningScene.ts';
import { DiceScene } from '../../scenes/dice/DiceScene.ts';
import { LimboScene } from '../../scenes/limbo/LimboScene.ts';
import { PlinkoScene } from '../../scenes/plinko/PlinkoScene.ts';
import { UpgradeScene } from '../../scenes/upgrade/UpgradeScene.ts';
import { BattleScene } from '../../scenes/battle/BattleScene.ts';
import { CrashScene } from '../../scenes/crash/CrashScene.ts';
import { WheelScene } from '../../scenes/wheel/WheelScene.ts';
import { MinesScene } from '../../scenes/mines/MinesScene.ts';

// Every scene with a short play of a fixed result, for the tests that hold all scenes to one rule
// (leaks.test.ts, idleFrames.test.ts). Item pictures are small SVGs as data: URLs, so they resolve
// without our server yet go through the scene's real loading path (an <img> decoded by
// loadItemTextures, uploaded when a card is baked).

const svg = (fill: string) => `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="12" fill="${fill}"/></svg>`)}`;
export const pictures = [svg('#3b8bff'), svg('#ffbf2e')];
const items = [
  { id: 1, name: 'Gift card', price: 10, rarity: 'uncommon', img_url: pictures[0] },
  { id: 2, name: 'Gold watch', price: 2890, rarity: 'legendary', img_url: pictures[1] },
];

export interface SceneCase {
  name: string;
  create(): Scene<unknown>;
  result: unknown;
  /** The result carries item pictures: a full play must draw them (else the texture check proves nothing). */
  pictures?: boolean;
}

export const sceneCases: SceneCase[] = [
  {
    name: 'box-opening',
    create: () => new BoxOpeningScene({ seed: 5, spinSeconds: 0.4 }) as Scene<unknown>,
    result: { items, won: [items[1]!], stake: 100 },
    pictures: true,
  },
  {
    name: 'battle',
    create: () => new BattleScene({ seed: 3, spinSeconds: 0.4 }) as Scene<unknown>,
    result: {
      seats: [{ name: 'Ann', team: 0 }, { name: 'Bolt (bot)', team: 1 }, { name: 'Cy', team: 2 }],
      teams: false,
      round: 2,
      roundsTotal: 2,
      items,
      won: [items[0]!, items[1]!, items[0]!],
      totals: [20, 2900, 20],
      winners: [1],
    },
    pictures: true,
  },
  { name: 'dice', create: () => new DiceScene() as Scene<unknown>, result: { roll: 71.3, target: 50, direction: 'over', win: true, multiplier: 1.98 } },
  { name: 'limbo', create: () => new LimboScene() as Scene<unknown>, result: { result: 3.4, target: 2, win: true } },
  { name: 'upgrade', create: () => new UpgradeScene() as Scene<unknown>, result: { chance: 30, roll: 12.5, win: true } },
  {
    name: 'plinko',
    create: () => new PlinkoScene({ rows: 8, multipliers: [29, 4, 1.5, 0.3, 0.2, 0.3, 1.5, 4, 29] }) as Scene<unknown>,
    result: { path: [1, 0, 1, 1, 0, 0, 1, 0], slot: 4, multiplier: 0.2 },
  },
  {
    // A short round (about 0.8 s of flight): countdown, curve, a marker, the explosion.
    name: 'crash',
    create: () => new CrashScene({ seed: 3 }) as Scene<unknown>,
    result: { crashPoint: 1.05, countdownMs: 60, cashOuts: [{ key: 1, name: 'nova', multiplier: 1.02, mine: true }] },
  },
  // A short spin that lands on a win: ticks, the highlight and the confetti.
  { name: 'wheel', create: () => new WheelScene({ seed: 4 }) as Scene<unknown>, result: { segment: 0, spinMs: 400, win: true } },
  // Two gems and then a mine: the flips, the blast, the rest of the board turned over dimmed.
  { name: 'mines', create: () => new MinesScene({ seed: 2 }) as Scene<unknown>, result: { revealed: [6, 12, 18], mines: [0, 18, 24], status: 'lost' } },
];
