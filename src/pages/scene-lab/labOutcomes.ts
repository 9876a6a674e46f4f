import { seededRandom } from '../../../scenes/kit/random.ts';
import type { CrashReplay } from '../../../scenes/crash/CrashScene.ts';
import type { BoxOpeningResult, ReelItem } from '../../../scenes/box-opening/BoxOpeningScene.ts';
import type { DiceResult } from '../../../scenes/dice/DiceScene.ts';
import type { LimboResult } from '../../../scenes/limbo/LimboScene.ts';
import { limboHundredthsOf } from '../../../core/fair/limbo.ts';
import { limboWins } from '../../../core/games/limbo.ts';
import type { PlinkoResult } from '../../../scenes/plinko/PlinkoScene.ts';
import type { UpgradeResult } from '../../../scenes/upgrade/UpgradeScene.ts';
import type { WheelSpin } from '../../../scenes/wheel/WheelScene.ts';
import type { BattleSceneRound } from '../../../scenes/battle/BattleScene.ts';
import { seatTotals } from '../../../core/games/battle.ts';
import { diceDisplayMultiplier } from '../../../core/games/dice.ts';
import { WHEEL_SEGMENTS } from '../../../core/games/wheel.ts';

// Outcomes for the scene lab only: a designer replays any outcome from a seed or types it in. In
// the product every outcome comes from the server; the lab never touches the API.

export const LAB_ITEMS: ReelItem[] = [
  { id: 1, name: 'Sticker pack', price: 0.5, rarity: 'common', odds: 30 },
  { id: 2, name: 'Phone case', price: 4.9, rarity: 'common', odds: 25 },
  { id: 3, name: 'Gift card 10', price: 10, rarity: 'uncommon', odds: 18 },
  { id: 4, name: 'Wireless earbuds', price: 79, rarity: 'rare', odds: 12 },
  { id: 5, name: 'Smart watch', price: 249, rarity: 'epic', odds: 8 },
  { id: 6, name: 'Gaming console', price: 499, rarity: 'epic', odds: 5 },
  { id: 7, name: 'Gold chronograph', price: 2890, rarity: 'legendary', odds: 2 },
];

/** The lab box's price: an opening's reveal follows the multiplier on it (core/games/celebration.ts). */
export const LAB_BOX_PRICE = 49.99;

export const RARITY_CHOICES = ['seed', 'common', 'uncommon', 'rare', 'epic', 'legendary'] as const;

export function boxOutcome(seed: number, reels: number, rarity: (typeof RARITY_CHOICES)[number]): BoxOpeningResult {
  const random = seededRandom(seed);
  const won = Array.from({ length: reels }, () => {
    const pool = rarity === 'seed' ? LAB_ITEMS : LAB_ITEMS.filter((i) => i.rarity === rarity);
    return pool[Math.floor(random() * pool.length)] ?? LAB_ITEMS[0]!;
  });
  return { items: LAB_ITEMS, won, stake: LAB_BOX_PRICE * reels };
}

export function diceOutcome(seed: number, target: number, direction: 'under' | 'over', roll?: number): DiceResult {
  const r = roll ?? Math.floor(seededRandom(seed)() * 10001) / 100;
  const win = direction === 'under' ? r < target : r > target;
  return { roll: r, target, direction, win, multiplier: diceDisplayMultiplier(target, direction) };
}

/** A limbo result from the seed (through the game's own mapping of a float) or as typed. */
export function limboOutcome(seed: number, target: number, result?: number): LimboResult {
  const r = result ?? limboHundredthsOf(Math.floor(seededRandom(seed)() * 2 ** 32)) / 100;
  return { result: r, target, win: limboWins(r, target) };
}

/** Payout tables for the lab's buckets: shaped like the real ones, edges high, centre low. */
export function labMultipliers(rows: number): number[] {
  return Array.from({ length: rows + 1 }, (_, slot) => {
    const t = Math.abs(slot - rows / 2) / (rows / 2);
    return Number((0.5 + t ** 3 * (rows * 6)).toFixed(1));
  });
}

export function plinkoOutcome(random: () => number, rows: number): PlinkoResult {
  const path: number[] = Array.from({ length: rows }, () => (random() < 0.5 ? 0 : 1));
  const slot = path.reduce((a, b) => a + b, 0);
  return { path, slot, multiplier: labMultipliers(rows)[slot] ?? 1 };
}

export function upgradeOutcome(seed: number, chance: number, roll?: number): UpgradeResult {
  const r = roll ?? Math.floor(seededRandom(seed)() * 10000) / 100;
  return { chance, roll: r, win: r < chance };
}

const LAB_NAMES = ['nova', 'Rex', 'mia_k', 'HODLer', 'zed', 'Luna', 'bigfish', 'tom', 'Ava', 'k1ng'];

/** A crash round to replay: the chosen crash point and `players` cash-outs below it, from the seed; the first is "mine". */
export function crashOutcome(seed: number, crashPoint: number, players: number, countdownMs: number): CrashReplay {
  const random = seededRandom(seed);
  const cashOuts = Array.from({ length: players }, (_, i) => {
    const multiplier = Math.floor((1 + random() * (Math.max(1.01, crashPoint) - 1)) * 100) / 100;
    return { key: i, name: LAB_NAMES[i % LAB_NAMES.length]!, multiplier: Math.max(1.01, multiplier), mine: i === 0 };
  }).filter((m) => m.multiplier <= crashPoint);
  return { crashPoint, cashOuts, countdownMs };
}

/** A wheel spin to replay: the landing segment from the seed; `win` throws the viewer's confetti. */
export function wheelOutcome(seed: number, spinMs: number, win: boolean): WheelSpin {
  return { segment: Math.floor(seededRandom(seed)() * WHEEL_SEGMENTS), spinMs, win };
}

/**
 * One round of a lab battle: `seats` players (two teams when `teams`), each seat's item for every
 * round from the seed, the totals after `round`, and on the last round the seats (or team) ahead.
 */
export function battleOutcome(seed: number, seats: number, teams: boolean, round: number, roundsTotal: number): BattleSceneRound {
  const random = seededRandom(seed);
  const rounds = Array.from({ length: roundsTotal }, () => Array.from({ length: seats }, () => LAB_ITEMS[Math.floor(random() * LAB_ITEMS.length)]!));
  const teamOf = (seat: number) => (teams ? Math.floor(seat / (seats / 2)) : seat);
  const totals = seatTotals(rounds.slice(0, round).map((r) => r.map((item) => item.price)), seats).map((t) => Math.round(t * 100) / 100);
  const byTeam = new Map<number, number>();
  totals.forEach((t, s) => byTeam.set(teamOf(s), (byTeam.get(teamOf(s)) ?? 0) + t));
  const best = Math.max(...byTeam.values());
  const winners = round === roundsTotal ? totals.map((_, s) => s).filter((s) => byTeam.get(teamOf(s)) === best) : null;
  return {
    seats: Array.from({ length: seats }, (_, s) => ({ name: LAB_NAMES[s % LAB_NAMES.length]!, team: teams ? teamOf(s) : s })),
    teams,
    round,
    roundsTotal,
    items: LAB_ITEMS,
    won: rounds[round - 1] ?? null,
    totals,
    winners,
  };
}
