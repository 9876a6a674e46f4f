// The names of the battle channels' events (docs/battles.md), apart from core/protocol/battle.ts so
// the shell can listen without loading zod, which only the battle pages need (docs/performance.md).

export const BATTLES_LIST_CHANNEL = 'battles';

export const BATTLE_EVENTS = ['battleCreated', 'playerJoined', 'battleStarted', 'battleRoundStarted', 'battleRoundEnded', 'battleEnded', 'battleCanceled'] as const;
export type BattleEventName = (typeof BATTLE_EVENTS)[number];
