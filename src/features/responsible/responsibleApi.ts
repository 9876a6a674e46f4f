import type { ExclusionBody, LimitBody, RealityCheckBody } from '../../../core/protocol/responsible.ts';
import { call } from '../../api/call.ts';
import { playSession, responsibleExclusion, responsibleLimits, responsibleRealityCheck, responsibleState } from '../../../core/protocol/routes/player.ts';

// The responsible-gaming calls (docs/account-safety.md, "Limits and exclusions"); every change
// answers the whole state the server now enforces.
export const responsibleApi = {
  state: () => call(responsibleState, {}).then((r) => r.data),
  setLimit: (body: LimitBody) => call(responsibleLimits, { body }).then((r) => r.data),
  takeBreak: (body: ExclusionBody) => call(responsibleExclusion, { body }).then((r) => r.data),
  setRealityCheck: (body: RealityCheckBody) => call(responsibleRealityCheck, { body }).then((r) => r.data),
  session: () => call(playSession, {}).then((r) => r.data),
};

/** The reality check listens for its setting's changes on this page, without a reload. */
export const REALITY_CHECK_CHANGED = 'reality-check-changed';
