import { Wallet } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { useModals } from '../../stores/modals.ts';
import { useShownBalance } from '../../stores/balance.ts';
import { useSession } from '../../stores/session.ts';
import { centsOf } from '../../../core/money/cents.ts';
import { CARD_MINIMUM } from '../../../core/protocol/depositRules.ts';
import { useDeposit } from './depositStore.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { richText } from '../../i18n/richText.tsx';

const t = translator(messages);

// A short balance (docs/payments.md): the page's open or bet button becomes Deposit, and the
// cashier opens at the card form with the missing amount filled in (at least the card minimum).
// The payment then returns the player to this page (depositReturn.ts).

/** Coins the signed-in player lacks for `cost` (0 when the balance covers it or nobody is signed in). */
export function useShortfall(cost: number): number {
  const shown = useShownBalance();
  const profile = useSession((s) => s.user?.balance ?? null);
  const balance = shown ?? profile;
  if (balance === null) return 0;
  return Math.max(0, centsOf(cost) - centsOf(balance)) / 100;
}

/** The card amount that covers `missing` coins: rounded up to the cent, at least the card minimum. */
export function cashierAmountFor(missing: number): string {
  return Math.max(missing, CARD_MINIMUM).toFixed(2);
}

export function openCashierFor(missing: number): void {
  const deposit = useDeposit.getState();
  deposit.setPendingAmount(cashierAmountFor(missing));
  deposit.setStep(1);
  useModals.getState().open('deposit');
}

/** The button that stands in for Open / Bet while the balance is short. */
export function DepositForShortfall({ missing, block = false }: { missing: number; block?: boolean }) {
  return (
    <Button variant="money" size="large" block={block} onClick={() => openCashierFor(missing)} data-testid="deposit-shortfall">
      <Wallet size={18} aria-hidden /> {richText(t, 'depositAmount', { amount: <Coins value={missing} /> })}
    </Button>
  );
}
