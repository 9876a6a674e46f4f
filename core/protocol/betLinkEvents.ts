// The link to a bet's public page for the games whose bets settle in a round or a battle (docs/
// transparency.md, "Share"): their settlements reach the page through the round's or the battle's
// public events, which name their players, so the bet's public id goes to its player alone, on
// their private channel. Apart from betLink.ts so the pages listen without loading zod.

import type { RoundOrBattleGame } from '../games/gameBasics.ts';

/** The notice on `private-users.{id}` when one of the player's round or battle bets settles with a payout. */
export const BET_LINK_EVENT = 'betLink';
export interface BetLinkNotice {
  game: RoundOrBattleGame;
  /** The bet as the page knows it: a round bet's id (crash, wheel), a battle's id (battle seats). */
  ref: number;
  public_id: string;
}
