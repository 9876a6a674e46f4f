import { useEffect } from 'react';
import { create } from 'zustand';
import type { PlayBlock, ResponsibleState } from '../../../core/protocol/responsible.ts';
import { responsibleState } from '../../../core/protocol/routes/player.ts';
import { call } from '../../api/call.ts';
import { useBalance } from '../../stores/balance.ts';
import { useSession } from '../../stores/session.ts';

// The client's one owner of "can this player stake (or deposit) now, and why not"
// (docs/account-safety.md, "Limits and exclusions"): the server's answer, `blocked` of
// GET /api/profile/responsible-gaming, decided by the stake gate's own rule. Every game page, the box
// page and the cashier read it through `usePlayBlock` to show the reason and disable their controls
// before the tap. The server still refuses on its own: this only explains.
//
// When it is read: on each page that asks (at most once a second), after each balance change of a
// player who has a limit or a break (a stake may have used the rest of a limit), when a block's end
// passes, and whenever the Limits page's calls answer the whole state.

type Blocked = ResponsibleState['data']['blocked'];
export type PlayKind = keyof Blocked;

interface PlayBlockState {
  /** Whose answer this is (another account's is never shown). */
  userId: number | null;
  blocked: Blocked | null;
  /** The player has a limit or a break: a balance change may close play. */
  restricted: boolean;
  readAt: number;
}

export const usePlayBlocks = create<PlayBlockState>(() => ({ userId: null, blocked: null, restricted: false, readAt: 0 }));

/** A whole state the server answered (the Limits page's calls pass theirs here too). */
export function acceptResponsibleState(userId: number, data: ResponsibleState['data']): void {
  usePlayBlocks.setState({ userId, blocked: data.blocked, restricted: data.exclusion !== null || data.limits.some((l) => l.amount !== null), readAt: Date.now() });
}

const FRESH_MS = 1000;
let reading: Promise<void> | null = null;
let readAgain = false;

/** Reads the state again; `force` reads even if a read just answered (a balance changed since). */
function refresh(userId: number, force: boolean): void {
  if (reading) {
    if (force) readAgain = true;
    return;
  }
  const state = usePlayBlocks.getState();
  if (!force && state.userId === userId && Date.now() - state.readAt < FRESH_MS) return;
  reading = call(responsibleState, {})
    .then(
      (answer) => {
        if (useSession.getState().user?.id === userId) acceptResponsibleState(userId, answer.data);
      },
      () => undefined,
    )
    .finally(() => {
      reading = null;
      if (readAgain) {
        readAgain = false;
        refresh(userId, true);
      }
    });
}

/** Longest timer a browser keeps (about 24.8 days); a later end is read again on a later page. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What stops the signed-in player from staking (or depositing) now, or null (also for a guest). */
export function usePlayBlock(kind: PlayKind): PlayBlock {
  const userId = useSession((s) => s.user?.id ?? null);
  const balanceVersion = useBalance((s) => s.newest?.version ?? null);
  const restricted = usePlayBlocks((s) => s.userId === userId && s.restricted);
  const block = usePlayBlocks((s) => (s.userId === userId && s.blocked ? s.blocked[kind] : null));
  useEffect(() => {
    if (userId !== null) refresh(userId, false);
  }, [userId]);
  useEffect(() => {
    if (userId !== null && restricted && balanceVersion !== null) refresh(userId, true);
  }, [userId, restricted, balanceVersion]);
  const until = block?.until ?? null;
  useEffect(() => {
    if (userId === null || until === null) return;
    const wait = Date.parse(until) - Date.now();
    if (wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => refresh(userId, true), Math.max(0, wait) + FRESH_MS);
    return () => clearTimeout(timer);
  }, [userId, until]);
  return block;
}

/** A break (not a limit): it closes what costs nothing too (a free box, a bonus box). */
export function isBreak(block: PlayBlock): boolean {
  return block !== null && (block.reason === 'cool_off' || block.reason === 'self_exclusion');
}
