import { GAME_IDS, GAMES, type GameId } from './catalog.ts';

// Challenges and missions (docs/rewards.md, "Challenges" and "Missions"). A mission is a thing done
// once that rewards variety and skill, not volume; each done mission is also a badge. Its reward is
// bonus money under the bonus rule (docs/bonuses.md): wagered once within 30 days.

export type MissionId = `first_win:${GameId}` | 'verify_bet' | 'set_limit' | 'complete_battle' | 'open_custom_box';

export interface MissionDef {
  readonly id: MissionId;
  readonly title: string;
  readonly description: string;
  /** Cents of bonus money. */
  readonly reward: number;
}

/** A mission's reward is bonus money to wager once within this many days. */
export const MISSION_BONUS_TERMS = { multiple: 1, base: 'bonus', days: 30, maxBet: null, weights: null } as const;

/** Every mission, in the order the page lists them. */
export const MISSIONS: readonly MissionDef[] = [
  ...GAME_IDS.map((g): MissionDef => ({ id: `first_win:${g}`, title: `First win: ${GAMES[g].historyLabel}`, description: `Win a bet (paid back more than its stake) in ${GAMES[g].historyLabel}.`, reward: 50 })),
  { id: 'verify_bet', title: 'Fairness checked', description: 'Reveal a server seed you have bet with (rotate your seed pair), so you can verify those bets yourself.', reward: 1_00 },
  { id: 'set_limit', title: 'In control', description: 'Set a deposit, wager or loss limit on your profile.', reward: 1_00 },
  { id: 'complete_battle', title: 'Battler', description: 'Take part in a box battle to its end.', reward: 1_00 },
  { id: 'open_custom_box', title: 'Explorer', description: 'Open a box made by a player.', reward: 1_00 },
];

export const MISSION_IDS = MISSIONS.map((m) => m.id);
export const missionById = (id: string): MissionDef | undefined => MISSIONS.find((m) => m.id === id);

/** Console bounds of a challenge: the target multiplier (×), the prize (coins) and the winners. */
export const CHALLENGE_BOUNDS = { multiplier: { min: 1.01, max: 1_000_000 }, prize: { max: 1_000 }, winners: { min: 1, max: 100 } } as const;
