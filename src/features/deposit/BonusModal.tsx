import { Gift } from 'lucide-react';
import { Modal } from '../../components/Modal.tsx';
import { Button } from '../../components/Button.tsx';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import { useDeposit } from './depositStore.ts';
import { DAILY_BONUS_PROMOCODE } from '../../../core/protocol/depositRules.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { richText } from '../../i18n/richText.tsx';
import './deposit.css';

const t = translator(messages);

/**
 * The daily bonus (docs/product.md §9): winter35, 35% on any deposit plus a free box. No countdown
 * (docs/bonuses.md, "The daily bonus"): the code does not end with the day, and a clock running to
 * midnight promised an end the offer does not have.
 */
export default function BonusModal() {
  const user = useSession((s) => s.user);
  const open = useModals((s) => s.open);
  const claim = () => {
    // Logged out, the deposit modal turns into the register modal; the code waits for the deposit.
    useDeposit.getState().setPendingPromocode(DAILY_BONUS_PROMOCODE);
    open(user ? 'deposit' : 'register');
  };
  return (
    <Modal className="bonus-modal" title={t('dailyBonusTitle')}>
      <div className="bonus">
        <Gift className="bonus__icon" size={56} aria-hidden />
        <p className="bonus__headline">
          {richText(t, 'dailyBonusHeadline', { percent: <strong>{t('percent', { value: '35' })}</strong> })} <span>{t('dailyBonusFreeBox')}</span>
        </p>
        <p className="bonus__code">{richText(t, 'dailyBonusCode', { code: <code>{DAILY_BONUS_PROMOCODE}</code> })}</p>
        {/* A deposit needs an account: a guest is asked to sign up, and the code waits for the deposit. */}
        <Button variant="money" size="large" block onClick={claim}>
          {user ? t('depositButton') : t('signUpToClaim')}
        </Button>
      </div>
    </Modal>
  );
}
