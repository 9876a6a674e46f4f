import type { SettlementGuard } from '../wallet/instantSettlement.ts';

// The bearer-token check an instant bet's one-statement settlement carries (server/plugins/auth.ts,
// tokenCheckedBySettlement): the token the bet came with ($16, its SHA-256) must still be live, not
// revoked and the player's. The wallet receives it in buildApp and knows nothing of tokens.
export const liveTokenGuard: SettlementGuard = {
  join: 'join access_tokens t on t.user_id = a.user_id',
  condition: 't.id = $16::text and t.revoked_at is null and t.expires_at > now()',
};
