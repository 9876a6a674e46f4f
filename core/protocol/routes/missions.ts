import { route } from '../route.ts';
import type * as contract from './schemas/missions.ts';

// The challenges and missions routes (docs/rewards.md, "Challenges" and "Missions"); the console's
// create is with the console's routes (admin.ts: adminChallengeCreate).

export const challenges = route<typeof contract.challenges>()('GET', '/api/challenges');
export const missions = route<typeof contract.missions>()('GET', '/api/missions');
export const missionClaim = route<typeof contract.missionClaim>()('POST', '/api/missions/:id/claim');
