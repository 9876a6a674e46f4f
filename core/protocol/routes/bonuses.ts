import { route } from '../route.ts';
import type * as contract from './schemas/bonuses.ts';

// The bonuses' routes (docs/bonuses.md): the wallet panel's bonuses, a forfeit, a code's terms.

export const bonuses = route<typeof contract.bonuses>()('GET', '/api/bonuses');
export const bonusForfeit = route<typeof contract.bonusForfeit>()('POST', '/api/bonuses/:id/forfeit');
export const bonusTerms = route<typeof contract.bonusTerms>()('POST', '/api/bonuses/terms');
