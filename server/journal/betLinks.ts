import { userChannel, type Bus } from '../realtime/bus.ts';
import { BET_LINK_EVENT, type BetLinkNotice } from '../../core/protocol/betLinkEvents.ts';

// Tells each player the public id of their round or battle bets that paid, once their settlement
// has committed (core/protocol/betLinkEvents.ts): only on their own private channel, so a hidden
// name's bet page is never tied to the player the public feed names.

export interface SettledLink {
  userId: number;
  ref: number;
  publicId: string;
  payout: number;
}

export function tellBetLinks(bus: Bus, game: BetLinkNotice['game'], links: readonly SettledLink[]): void {
  for (const l of links) {
    if (!(l.payout > 0)) continue;
    const notice: BetLinkNotice = { game, ref: l.ref, public_id: l.publicId };
    bus.publish({ channel: userChannel(l.userId), event: BET_LINK_EVENT, data: notice });
  }
}
