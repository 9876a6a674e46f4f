import { useEffect, useState } from 'react';
import { Gift } from 'lucide-react';
import { Modal } from '../../components/Modal.tsx';
import { Button } from '../../components/Button.tsx';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import { useDeposit } from './depositStore.ts';
import { DAILY_BONUS_PROMOCODE } from '../../../core/protocol/depositRules.ts';
import './deposit.css';

/** Time left until local midnight as HH:MM:SS. */
export function untilEndOfDay(now: Date): string {
  const end = new Date(now);
  end.setHours(24, 0, 0, 0);
  const s = Math.max(0, Math.floor((end.getTime() - now.getTime()) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The daily bonus (docs/product.md §9): winter35, 35% on any deposit plus a free box, until the end of the day. */
export default function BonusModal() {
  const [now, setNow] = useState(() => new Date());
  const user = useSession((s) => s.user);
  const open = useModals((s) => s.open);
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  const claim = () => {
    // Logged out, the deposit modal turns into the register modal; the code waits for the deposit.
    useDeposit.getState().setPendingPromocode(DAILY_BONUS_PROMOCODE);
    open(user ? 'deposit' : 'register');
  };
  return (
    <Modal className="bonus-modal" title="Daily bonus">
      <div className="bonus">
        <Gift className="bonus__icon" size={56} aria-hidden />
        <p className="bonus__headline">
          <strong>35%</strong> bonus on any deposit <span>+ 1 free box</span>
        </p>
        <p className="bonus__code">
          Promo code <code>{DAILY_BONUS_PROMOCODE}</code>
        </p>
        <div className="bonus__countdown" aria-label="Offer ends in" data-testid="bonus-countdown">
          {untilEndOfDay(now)}
        </div>
        {/* A deposit needs an account: a guest is asked to sign up, and the code waits for the deposit. */}
        <Button variant="money" size="large" block onClick={claim}>
          {user ? 'Deposit' : 'Sign up to claim'}
        </Button>
      </div>
    </Modal>
  );
}
