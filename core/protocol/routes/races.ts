import { route } from '../route.ts';
import type * as contract from './schemas/races.ts';

// The races routes (docs/rewards.md, "Races"): the running races for everyone, and the console's create.

export const races = route<typeof contract.races>()('GET', '/api/races');
export const adminRaceCreate = route<typeof contract.adminRaceCreate>()('POST', '/api/admin/races');
