import { forwardRef, useEffect, useState, type SelectHTMLAttributes } from 'react';
import { toast } from '../../components/toast.tsx';
import { z } from 'zod';
import { EXCLUSION_CHOICE_KEYS, LIMIT_KINDS, LIMIT_PERIODS, REALITY_CHECK_MINUTES, type ExclusionChoice, type LimitKind, type LimitPeriod } from '../../../core/games/playLimits.ts';
import { formatCoins, formatDateTime } from '../../format/format.ts';
import type { ResponsibleState } from '../../../core/protocol/responsible.ts';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { ChipGroup, type Chip } from '../../components/ChipGroup.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { fieldProblem } from '../../features/games/betErrors.ts';
import { REALITY_CHECK_CHANGED, responsibleApi } from '../../features/responsible/responsibleApi.ts';
import './limits.css';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import responsibleMessages from '../../features/responsible/i18n/en-US.json';

const t = translator(messages);
const tResponsible = translator(responsibleMessages);
type Key = keyof typeof messages;

// /profile/limits: responsible gaming (docs/account-safety.md, "Limits and exclusions"). Limits
// (lower at once, higher or none after 24 hours: the page shows the pending change and when it
// applies), a cool-off or self-exclusion (never ended early: the page offers no way), and the
// reality check's interval. Everything shown is the server's answer.

type State = ResponsibleState['data'];
const KIND_LABEL: Record<LimitKind, Key> = { deposit: 'kindDeposit', loss: 'kindLoss', wager: 'kindWager' };
const PERIOD_LABEL: Record<LimitPeriod, Key> = { day: 'daily', week: 'weekly', month: 'monthly' };
const CHOICE_LABEL: Record<ExclusionChoice, Key> = {
  cool_off_24h: 'coolOff24h',
  cool_off_7d: 'coolOff7d',
  cool_off_30d: 'coolOff30d',
  self_exclusion_6m: 'selfExclusion6m',
  self_exclusion_1y: 'selfExclusion1y',
  self_exclusion_indefinite: 'selfExclusionForever',
};
/** A label of each value, in the page's language (called when rendering). */
const labelsOf = <V extends string>(keys: Record<V, Key>) => Object.fromEntries(Object.entries<Key>(keys).map(([value, key]) => [value, t(key)])) as Record<V, string>;
type Reminder = 'off' | `${(typeof REALITY_CHECK_MINUTES)[number]}`;
const reminderChips = (): Chip<Reminder>[] => [{ value: 'off', label: t('reminderOff') }, ...REALITY_CHECK_MINUTES.map((minutes) => ({ value: `${minutes}` as const, label: tResponsible('minutes', { minutes }) }))];

/** The form's amount is text: empty removes the limit. The server checks it again (LimitBodySchema). */
const limitFormSchema = (amountFormat: string) =>
  z.object({
    kind: z.enum(LIMIT_KINDS),
    period: z.enum(LIMIT_PERIODS),
    amount: z.string().regex(/^(\d+(\.\d{1,2})?)?$/, amountFormat),
  });
type LimitForm = z.infer<ReturnType<typeof limitFormSchema>>;

/** A select with its label around it, one option per value. */
const LabelledSelect = forwardRef<HTMLSelectElement, { label: string; values: readonly string[]; labels: Record<string, string> } & SelectHTMLAttributes<HTMLSelectElement>>(function LabelledSelect({ label, values, labels, ...select }, ref) {
  return (
    <label className="limits__select">
      <span className="text-input__label">{label}</span>
      <select ref={ref} {...select}>
        {values.map((v) => (
          <option key={v} value={v}>
            {labels[v]}
          </option>
        ))}
      </select>
    </label>
  );
});

export default function LimitsPage() {
  const [state, setState] = useState<State | null>(null);
  const [choice, setChoice] = useState<ExclusionChoice>('cool_off_24h');
  const [confirming, setConfirming] = useState(false);
  // The page's language is fixed for its life: one schema, its message in that language.
  const [schema] = useState(() => limitFormSchema(t('amountFormat')));
  const { register, handleSubmit, formState, setError } = useFormEngine<LimitForm>(schema, { defaultValues: { kind: 'loss', period: 'day', amount: '' } });

  useEffect(() => {
    responsibleApi.state().then(setState, (error: unknown) => toast.error(apiErrorText(error)));
  }, []);

  const saveLimit = handleSubmit(async (values) => {
    try {
      setState(await responsibleApi.setLimit({ kind: values.kind, period: values.period, amount: values.amount === '' ? null : Number(values.amount) }));
      toast.success(t('limitSaved'));
    } catch (error) {
      const problem = fieldProblem(error);
      if (problem?.field === 'amount') setError('amount', { message: problem.message });
      else toast.error(apiErrorText(error));
    }
  });

  const takeBreak = async () => {
    try {
      setState(await responsibleApi.takeBreak({ choice }));
      setConfirming(false);
    } catch (error) {
      toast.error(apiErrorText(error));
    }
  };

  const setReminder = async (value: Reminder) => {
    try {
      setState(await responsibleApi.setRealityCheck({ minutes: value === 'off' ? null : (Number(value) as 15 | 30 | 60) }));
      window.dispatchEvent(new Event(REALITY_CHECK_CHANGED));
    } catch (error) {
      toast.error(apiErrorText(error));
    }
  };

  const shown = state?.limits.filter((l) => l.amount !== null || l.pending !== null) ?? [];
  return (
    <div className="limits">
      <h1 className="profile-page-title">{t('responsibleGaming')}</h1>
      {state?.exclusion && (
        <p className="limits__exclusion" role="status" data-testid="exclusion-status">
          {state.exclusion.message}
        </p>
      )}

      <section aria-labelledby="limits-heading">
        <h3 id="limits-heading">{t('navLimits')}</h3>
        <p className="box-card__note">{t('limitsNote')}</p>
        {shown.length > 0 && (
          <ul className="limits__list" data-testid="limit-list">
            {shown.map((l) => (
              <li key={`${l.kind}-${l.period}`}>
                <strong>{t('limitLine', { period: l.period, kind: l.kind, amount: l.amount === null ? t('noLimit') : t('coins', { amount: formatCoins(l.amount) }) })}</strong>
                <span>{t('usedResets', { used: formatCoins(l.used), date: formatDateTime(l.resets_at) })}</span>
                {l.pending && (
                  <span className="limits__pending">
                    {l.pending.amount === null
                      ? t('removalApplies', { date: formatDateTime(l.pending.applies_at) })
                      : t('raiseApplies', { amount: formatCoins(l.pending.amount), date: formatDateTime(l.pending.applies_at) })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        <form className="limits__form" onSubmit={saveLimit} noValidate>
          <LabelledSelect label={t('limit')} values={LIMIT_KINDS} labels={labelsOf(KIND_LABEL)} {...register('kind')} />
          <LabelledSelect label={t('period')} values={LIMIT_PERIODS} labels={labelsOf(PERIOD_LABEL)} {...register('period')} />
          <TextInput small label={t('amountCoins')} inputMode="decimal" placeholder={t('emptyNoLimit')} {...register('amount')} error={formState.errors.amount?.message ?? null} />
          <Button type="submit" loading={formState.isSubmitting}>
            {t('saveLimit')}
          </Button>
        </form>
      </section>

      <section aria-labelledby="break-heading">
        <h3 id="break-heading">{t('takeBreak')}</h3>
        <p className="box-card__note">{t('breakNote')}</p>
        <LabelledSelect label={t('breakKind')} values={EXCLUSION_CHOICE_KEYS} labels={labelsOf(CHOICE_LABEL)} value={choice} onChange={(e) => setChoice(e.target.value as ExclusionChoice)} />
        {confirming ? (
          <div className="limits__confirm">
            <p>{t('confirmBreak', { choice: t(CHOICE_LABEL[choice]) })}</p>
            <Button variant="primary" onClick={() => void takeBreak()}>
              {t('startBreak')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('takeBreak')}
          </Button>
        )}
      </section>

      <section aria-labelledby="reality-heading">
        <h3 id="reality-heading">{tResponsible('realityCheck')}</h3>
        <p className="box-card__note">{t('realityNote')}</p>
        {state && <ChipGroup label={t('realityReminder')} chips={reminderChips()} value={state.reality_check_minutes === null ? 'off' : (`${state.reality_check_minutes}` as Reminder)} onChange={(v) => void setReminder(v)} />}
      </section>
    </div>
  );
}
