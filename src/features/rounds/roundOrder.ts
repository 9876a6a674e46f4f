import { ROUND_STATUSES, type RoundStatus } from '../../../core/protocol/realtime.ts';

interface RoundStep {
  round_id: number;
  status: RoundStatus;
}

/**
 * A snapshot can be older than a status the socket already delivered (it is built, or taken from
 * the server's cache, while the round moves on; its server_time is the time of sending, so only
 * the round and its status tell): true when `state` is behind `than`, so a round never goes back.
 */
export function isOlderRound(state: RoundStep, than: RoundStep | null): boolean {
  if (than === null) return false;
  if (state.round_id !== than.round_id) return state.round_id < than.round_id;
  return ROUND_STATUSES.indexOf(state.status) < ROUND_STATUSES.indexOf(than.status);
}
