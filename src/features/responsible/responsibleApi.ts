import type { ExclusionBody, LimitBody, PlaySession, RealityCheckBody, ResponsibleState } from '../../../core/protocol/responsible.ts';
import { api } from '../../api/http.ts';

// The responsible-gaming calls (docs/account-safety.md, "Limits and exclusions"); every change
// answers the whole state the server now enforces.
const BASE = '/api/profile/responsible-gaming';

export const responsibleApi = {
  state: () => api.get<ResponsibleState>(BASE).then((r) => r.data.data),
  setLimit: (body: LimitBody) => api.put<ResponsibleState>(`${BASE}/limits`, body).then((r) => r.data.data),
  takeBreak: (body: ExclusionBody) => api.post<ResponsibleState>(`${BASE}/exclusion`, body).then((r) => r.data.data),
  setRealityCheck: (body: RealityCheckBody) => api.put<ResponsibleState>(`${BASE}/reality-check`, body).then((r) => r.data.data),
  session: () => api.get<PlaySession>('/api/profile/play-session').then((r) => r.data.data),
};

/** The reality check listens for its setting's changes on this page, without a reload. */
export const REALITY_CHECK_CHANGED = 'reality-check-changed';
