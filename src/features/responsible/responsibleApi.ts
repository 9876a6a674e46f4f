import type { ExclusionBody, LimitBody, RealityCheckBody, ResponsibleState } from '../../../core/protocol/responsible.ts';
import { call } from '../../api/call.ts';
import { useSession } from '../../stores/session.ts';
import { acceptResponsibleState } from './playBlock.ts';
import { playSession, responsibleExclusion, responsibleLimits, responsibleRealityCheck, responsibleState } from '../../../core/protocol/routes/player.ts';

// The responsible-gaming calls (docs/account-safety.md, "Limits and exclusions"); every change
// answers the whole state the server now enforces, which the games' play block takes at once (playBlock.ts).
function accepted(answer: { data: ResponsibleState['data'] }): ResponsibleState['data'] {
  const userId = useSession.getState().user?.id;
  if (userId !== undefined) acceptResponsibleState(userId, answer.data);
  return answer.data;
}

export const responsibleApi = {
  state: () => call(responsibleState, {}).then(accepted),
  setLimit: (body: LimitBody) => call(responsibleLimits, { body }).then(accepted),
  takeBreak: (body: ExclusionBody) => call(responsibleExclusion, { body }).then(accepted),
  setRealityCheck: (body: RealityCheckBody) => call(responsibleRealityCheck, { body }).then(accepted),
  session: () => call(playSession, {}).then((r) => r.data),
};

/** The reality check listens for its setting's changes on this page, without a reload. */
export const REALITY_CHECK_CHANGED = 'reality-check-changed';
