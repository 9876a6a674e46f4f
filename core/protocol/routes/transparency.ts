import { route } from '../route.ts';
import type * as contract from './schemas/transparency.ts';

// The public transparency routes (docs/transparency.md): the measured return page and a bet's public page.

export const transparency = route<typeof contract.transparency>()('GET', '/api/transparency');
export const publicBet = route<typeof contract.publicBet>()('GET', '/api/bets/:id');
export const betCard = route<typeof contract.betCard>()('GET', '/api/bets/:id/card.png');
export const betName = route<typeof contract.betName>()('GET', '/api/profile/bet-name');
export const betNameSet = route<typeof contract.betNameSet>()('PUT', '/api/profile/bet-name');
