// The names of the battle channels' events and a battle page's link (docs/battles.md), apart from core/protocol/battle.ts so
// the shell can listen without loading zod, which only the battle pages need (docs/performance.md).

export const BATTLES_LIST_CHANNEL = 'battles';

export const BATTLE_EVENTS = ['battleCreated', 'playerJoined', 'battleStarted', 'battleRoundStarted', 'battleRoundEnded', 'battleEnded', 'battleCanceled'] as const;
export type BattleEventName = (typeof BATTLE_EVENTS)[number];

/** A battle's page: the link of a private battle carries its key (docs/battles.md). */
export const battlePath = (id: number, key?: string | null): string => (key ? `/battles/${id}?key=${key}` : `/battles/${id}`);
