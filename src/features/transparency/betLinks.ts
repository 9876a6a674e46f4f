import { BET_LINK_EVENT, type BetLinkNotice } from '../../../core/protocol/betLinkEvents.ts';
import { usePrivateEvent } from '../../realtime/usePrivateEvent.ts';

// The public ids of the player's round and battle bets (docs/transparency.md, "Share"): their
// settlements reach the page through public events, so each bet's id comes on the player's private
// channel (BET_LINK_EVENT), or in the answer of a cash-out the player made. A page asks for a bet's
// id when it celebrates (betLinkOf) and gets it whichever came first: the notice or the moment.

type Game = BetLinkNotice['game'];

const known = new Map<string, string>();
const waiting = new Map<string, Array<(publicId: string) => void>>();
/** Kept for the page's recent bets only. */
const KEPT = 50;
/** A bet whose notice never comes (its player on another node's lost event) shares nothing. */
const WAIT_MS = 60_000;

const keyOf = (game: Game, ref: number | string) => `${game}:${ref}`;

/** A bet's public id, as the notice or an answer told it. */
export function noteBetLink(game: Game, ref: number | string, publicId: string): void {
  const key = keyOf(game, ref);
  known.set(key, publicId);
  if (known.size > KEPT) known.delete(known.keys().next().value!);
  for (const resolve of waiting.get(key) ?? []) resolve(publicId);
  waiting.delete(key);
}

/** The public id of the player's bet `ref` of `game`, once it is known; never, past WAIT_MS. */
export function betLinkOf(game: Game, ref: number | string): Promise<string> {
  const key = keyOf(game, ref);
  const id = known.get(key);
  if (id !== undefined) return Promise.resolve(id);
  return new Promise((resolve) => {
    const list = waiting.get(key) ?? [];
    list.push(resolve);
    waiting.set(key, list);
    setTimeout(() => {
      const left = (waiting.get(key) ?? []).filter((r) => r !== resolve);
      if (left.length) waiting.set(key, left);
      else waiting.delete(key);
    }, WAIT_MS);
  });
}

/** While mounted: the player's private channel's bet links go into the store. */
export function useBetLinks(): void {
  usePrivateEvent<BetLinkNotice>(BET_LINK_EVENT, (notice) => noteBetLink(notice.game, notice.ref, notice.public_id));
}
