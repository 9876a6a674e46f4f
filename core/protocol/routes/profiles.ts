import { route } from '../route.ts';
import type * as contract from './schemas/profiles.ts';

// Public profiles (docs/community.md, "Public profiles"): a player's public page, and what of it the player hides; streamer mode ("Streamer mode").

export const publicProfile = route<typeof contract.publicProfile>()('GET', '/api/players/:name');
export const publicProfileSettings = route<typeof contract.publicProfileSettings>()('GET', '/api/profile/public');
export const publicProfileSettingsSet = route<typeof contract.publicProfileSettingsSet>()('PUT', '/api/profile/public');
export const streamerMode = route<typeof contract.streamerMode>()('PUT', '/api/profile/streamer-mode');
