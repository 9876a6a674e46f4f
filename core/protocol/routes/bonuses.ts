import { route } from '../route.ts';
import type * as contract from './schemas/bonuses.ts';

// The bonuses' routes (docs/bonuses.md): the wallet panel's bonuses, a forfeit, a code's terms, the terms page's figures.

export const bonuses = route<typeof contract.bonuses>()('GET', '/api/bonuses');
export const bonusForfeit = route<typeof contract.bonusForfeit>()('POST', '/api/bonuses/:id/forfeit');
export const bonusTerms = route<typeof contract.bonusTerms>()('POST', '/api/bonuses/terms');
export const bonusRules = route<typeof contract.bonusRules>()('GET', '/api/bonuses/rules');
