import { route } from '../route.ts';
import type * as contract from './schemas/vip.ts';

// The VIP routes (docs/vip.md): the player's VIP page, the rakeback and rank-up claims (the console's rates are in admin.ts).

export const vip = route<typeof contract.vip>()('GET', '/api/vip');
export const vipRakebackClaim = route<typeof contract.vipRakebackClaim>()('POST', '/api/vip/rakeback/claim');
export const vipRankBonusClaim = route<typeof contract.vipRankBonusClaim>()('POST', '/api/vip/rank-bonus/claim');
