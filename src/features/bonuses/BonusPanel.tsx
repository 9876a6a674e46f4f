import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../components/toast.tsx';
import { Button } from '../../components/Button.tsx';
import { call } from '../../api/call.ts';
import { apiErrorText } from '../../api/http.ts';
import { formatCoins, formatDateTime } from '../../format/format.ts';
import { bonusForfeit } from '../../../core/protocol/routes/bonuses.ts';
import { useBonuses, type BonusesData } from './bonuses.ts';
import './bonuses.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { richText } from '../../i18n/richText.tsx';

const t = translator(messages);

// The wallet's bonuses (docs/bonuses.md): each active bonus with its wagering progress, expiry and a
// forfeit, and the withdrawable balance. Nothing shows for a player without an active bonus: their
// whole balance is withdrawable and there is nothing to explain.

/** "Withdrawable now: 100.00 coins (35.00 in bonus: wager 70.00 more)", beside a withdrawal's amount. */
export function WithdrawableNote({ data }: { data: BonusesData | null }) {
  if (!data || data.locked <= 0) return null;
  return (
    <p className="bonus-note" data-testid="withdrawable-note">
      {richText(t, 'withdrawableNow', { withdrawable: <strong>{formatCoins(data.withdrawable)}</strong> }, { locked: formatCoins(data.locked), left: formatCoins(data.left_to_wager) })}
    </p>
  );
}

export function BonusList({ data, onChanged }: { data: BonusesData; onChanged: () => void }) {
  const [busy, setBusy] = useState<number | null>(null);
  async function forfeit(id: number) {
    if (!window.confirm(t('forfeitConfirm'))) return;
    setBusy(id);
    try {
      toast.success((await call(bonusForfeit, { params: { id } })).message);
      onChanged();
    } catch (error) {
      toast.error(apiErrorText(error));
    } finally {
      setBusy(null);
    }
  }
  return (
    <ul className="bonus-list">
      {data.bonuses.map((b) => {
        const percent = b.requirement > 0 ? Math.min(100, Math.floor((b.wagered / b.requirement) * 100)) : 100;
        return (
          <li key={b.id} className="bonus-list__item" data-testid="bonus-item">
            <div className="bonus-list__head">
              <strong>{t('bonusAmount', { amount: formatCoins(b.amount) })}</strong>
              <span>
                {b.max_bet !== null && <span data-testid="bonus-max-bet">{t('maxBet', { amount: formatCoins(b.max_bet) })}</span>}
                {t('expires', { date: formatDateTime(b.expires_at) })}
              </span>
            </div>
            <div className="bonus-list__bar" role="progressbar" aria-label={t('wageringProgress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
              <span style={{ width: `${percent}%` }} />
            </div>
            <div className="bonus-list__foot">
              <span data-testid="bonus-progress">
                {t('wagered', { wagered: formatCoins(b.wagered), requirement: formatCoins(b.requirement) })}
                {b.left_to_wager > 0 && t('left', { amount: formatCoins(b.left_to_wager) })}
              </span>
              <Button size="small" variant="secondary" loading={busy === b.id} onClick={() => void forfeit(b.id)}>
                {t('forfeit')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The wallet panel: the withdrawable balance and every active bonus (nothing without one). */
export function BonusPanel({ data, onChanged }: { data: BonusesData | null; onChanged: () => void }) {
  if (!data || data.bonuses.length === 0) return null;
  return (
    <section className="bonus-panel" aria-label={t('bonuses')} data-testid="bonus-panel">
      <div className="bonus-panel__head">
        <h3>{t('activeBonuses')}</h3>
        <Link to="/bonus-terms">{t('bonusTerms')}</Link>
      </div>
      <p>
        {richText(t, 'balanceLine', { withdrawable: <strong data-testid="bonus-withdrawable">{formatCoins(data.withdrawable)}</strong> }, { balance: formatCoins(data.balance) })}
      </p>
      <BonusList data={data} onChanged={onChanged} />
    </section>
  );
}

/** The panel reading the bonuses itself, read again after a forfeit. */
export function OwnBonusPanel() {
  const [version, setVersion] = useState(0);
  const { data } = useBonuses(version);
  return <BonusPanel data={data} onChanged={() => setVersion((v) => v + 1)} />;
}
