// The account security contract as the Security page uses it (core/protocol/accountSecurity.ts).
import type { Wire } from '../../../core/protocol/wire.ts';
import type { SessionsAnswer } from '../../../core/protocol/accountSecurity.ts';
export {
  changeEmailRequest,
  changePasswordRequest,
  twoFactorCodeRequest,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type RecoveryCodes,
  type SecurityOverview,
  type TwoFactorCodeRequest,
  type TwoFactorSetup,
} from '../../../core/protocol/accountSecurity.ts';
export type { MsgResponse as MsgAnswer } from '../../../core/protocol/auth.ts';
export type SessionRow = Wire<SessionsAnswer>['data'][number];
