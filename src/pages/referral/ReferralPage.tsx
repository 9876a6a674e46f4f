import { useCallback, useEffect, useState } from 'react';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { toast } from '../../components/toast.tsx';
import { formatDate } from '../../format/format.ts';
import { referralCodeRequest, type ReferralCodeRequest, type ReferralInfo } from '../../../core/protocol/referral.ts';
import { applyServerErrors } from '../../features/auth/formErrors.ts';
import './referral.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { richText } from '../../i18n/richText.tsx';

const t = translator(messages);
import { callResponse } from '../../api/call.ts';
import { claimEarnings, referralCode, referralInfo } from '../../../core/protocol/routes/account.ts';

// /profile/referral (Affiliates): the player's link and code, the programme's figures, the
// referred players (names masked), earnings of the last 30 days and the claim (docs/community.md).
export default function ReferralPage() {
  const [info, setInfo] = useState<ReferralInfo | null>(null);
  const [claiming, setClaiming] = useState(false);
  const form = useFormEngine<ReferralCodeRequest>(referralCodeRequest, { defaultValues: { code: '' } });

  const load = useCallback(async () => {
    try {
      const res = await callResponse(referralInfo, {});
      setInfo(res.data.data);
      form.reset({ code: res.data.data.code });
    } catch (error) {
      // A failed referral-info call only logs (docs/product.md §8).
      console.warn('referral-info failed', error);
    }
  }, [form]);
  useEffect(() => {
    void load();
  }, [load]);

  const saveCode = form.handleSubmit(async (values) => {
    try {
      const res = await callResponse(referralCode, { body: values });
      toast.success(res.data.msg);
      await load();
    } catch (error) {
      applyServerErrors(error, form.setError, ['code']);
      toast.error(apiErrorText(error));
    }
  });

  const claim = async () => {
    setClaiming(true);
    try {
      const res = await callResponse(claimEarnings, {});
      toast.success(res.data.msg);
      await load();
    } catch (error) {
      toast.error(apiErrorText(error));
    } finally {
      setClaiming(false);
    }
  };

  if (!info) return <div className="referral" aria-busy="true" />;
  const peak = Math.max(...info.history.map((d) => d.amount), 0);
  return (
    <div className="referral">
      <header className="referral__hero">
        <div>
          <h2>{t('affiliates')}</h2>
          <p className="referral__lead">
            {richText(t, 'lead', { rate: <strong>{t('percent', { value: info.rate })}</strong> })}
          </p>
        </div>
        <div className="referral__link">
          <span className="referral__label">{t('yourLink')}</span>
          <div className="referral__link-row">
            <code data-testid="referral-link">{info.link}</code>
            <CopyButton text={info.link} label={t('copyLink')} />
          </div>
        </div>
      </header>

      <form className="referral__code" onSubmit={saveCode} noValidate aria-label={t('changeCode')}>
        <TextInput label={t('referralCode')} error={form.formState.errors.code?.message} {...form.register('code')} />
        <Button type="submit" variant="secondary">
          {t('saveCode')}
        </Button>
      </form>

      <dl className="referral__stats">
        <div>
          <dt>{t('referredPlayers')}</dt>
          <dd data-testid="referral-referred">{info.referred}</dd>
        </div>
        <div>
          <dt>{t('activePlayers')}</dt>
          <dd>{info.active}</dd>
        </div>
        <div>
          <dt>{t('wageredByThem')}</dt>
          <dd>
            <Coins value={info.wagered} />
          </dd>
        </div>
        <div>
          <dt>{t('claimed')}</dt>
          <dd>
            <Coins value={info.claimed} />
          </dd>
        </div>
        <div className="referral__earnings">
          <dt>{t('earningsToClaim')}</dt>
          <dd data-testid="referral-earnings">
            <Coins value={info.earnings} />
          </dd>
          <Button variant="money" onClick={claim} loading={claiming} disabled={info.earnings < info.min_claim}>
            {t('claimEarnings')}
          </Button>
          <small>{t('minimumClaim', { amount: info.min_claim.toFixed(2) })}</small>
        </div>
      </dl>

      <section className="referral__panel">
        <h3>{t('earnings30Days')}</h3>
        {info.history.length === 0 ? (
          <p className="referral__empty">{t('noEarnings')}</p>
        ) : (
          <ol className="referral__chart" aria-label={t('earningsPerDay')}>
            {info.history.map((d) => (
              <li key={d.date} title={`${d.date}: ${d.amount.toFixed(2)}`}>
                <span className="referral__bar" style={{ height: `${peak > 0 ? Math.max(4, (d.amount / peak) * 100) : 4}%` }} />
                <span className="referral__day">{d.date.slice(5)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="referral__panel">
        <h3>{t('referredPlayers')}</h3>
        {info.players.length === 0 ? (
          <p className="referral__empty">{t('nobodyJoined')}</p>
        ) : (
          <table className="referral__table">
            <thead>
              <tr>
                <th>{t('player')}</th>
                <th>{t('joined')}</th>
                <th>{t('wagered')}</th>
                <th>{t('yourCommission')}</th>
              </tr>
            </thead>
            <tbody>
              {info.players.map((p, i) => (
                <tr key={`${p.name}-${i}`}>
                  <td>{p.name}</td>
                  <td>{formatDate(p.joined_at)}</td>
                  <td>
                    <Coins value={p.wagered} />
                  </td>
                  <td>
                    <Coins value={p.commission} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
