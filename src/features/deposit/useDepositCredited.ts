import { DEPOSIT_CREDITED_EVENT, type DepositCreditedNotice } from '../../../core/protocol/depositEvents.ts';
import { usePrivateEvent } from '../../realtime/usePrivateEvent.ts';

// Calls `onCredited` with each `depositCredited` notice of the signed-in player's private channel
// while the caller is mounted (the open cashier's crypto address).
export function useDepositCredited(onCredited: (notice: DepositCreditedNotice) => void): void {
  usePrivateEvent(DEPOSIT_CREDITED_EVENT, onCredited);
}
