import type { SettlementGuard } from '../wallet/settlements.ts';

// The bearer-token check a one-statement settlement carries (an instant bet's, a crash cash-out's;
// server/plugins/auth.ts, tokenCheckedBySettlement): the token the request came with (`value`, its
// SHA-256) must still be live, not revoked and the player's. The wallet receives it in buildApp and
// knows nothing of tokens.
export const liveTokenGuard: SettlementGuard = {
  join: 'join access_tokens t on t.user_id = a.user_id',
  condition: (value) => `t.id = ${value}::text and t.revoked_at is null and t.expires_at > now()`,
};
