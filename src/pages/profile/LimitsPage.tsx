import { forwardRef, useEffect, useState, type SelectHTMLAttributes } from 'react';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { EXCLUSION_CHOICE_KEYS, LIMIT_KINDS, LIMIT_PERIODS, REALITY_CHECK_MINUTES, type ExclusionChoice, type LimitKind, type LimitPeriod } from '../../../core/games/playLimits.ts';
import { formatCoins, formatDateTime } from '../../format/format.ts';
import type { ResponsibleState } from '../../../core/protocol/responsible.ts';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { ChipGroup, chipsOf } from '../../components/ChipGroup.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { fieldProblem } from '../../features/games/betErrors.ts';
import { REALITY_CHECK_CHANGED, responsibleApi } from '../../features/responsible/responsibleApi.ts';
import './limits.css';

// /profile/limits: responsible gaming (docs/account-safety.md, "Limits and exclusions"). Limits
// (lower at once, higher or none after 24 hours: the page shows the pending change and when it
// applies), a cool-off or self-exclusion (never ended early: the page offers no way), and the
// reality check's interval. Everything shown is the server's answer.

type State = ResponsibleState['data'];
const KIND_LABEL: Record<LimitKind, string> = { deposit: 'Deposit', loss: 'Loss', wager: 'Wager' };
const PERIOD_LABEL: Record<LimitPeriod, string> = { day: 'Daily', week: 'Weekly', month: 'Monthly' };
const CHOICE_LABEL: Record<ExclusionChoice, string> = {
  cool_off_24h: 'Cool-off: 24 hours',
  cool_off_7d: 'Cool-off: 7 days',
  cool_off_30d: 'Cool-off: 30 days',
  self_exclusion_6m: 'Self-exclusion: 6 months',
  self_exclusion_1y: 'Self-exclusion: 1 year',
  self_exclusion_indefinite: 'Self-exclusion: indefinite',
};
type Reminder = 'off' | `${(typeof REALITY_CHECK_MINUTES)[number]}`;
const REMINDER_CHIPS = chipsOf<Reminder>(['off', ...REALITY_CHECK_MINUTES.map((m) => `${m}` as const)], { off: 'Off', '15': '15 min', '30': '30 min', '60': '60 min' });

/** The form's amount is text: empty removes the limit. The server checks it again (LimitBodySchema). */
const LimitFormSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  amount: z.string().regex(/^(\d+(\.\d{1,2})?)?$/, 'Enter coins with at most two decimals, or leave empty to remove the limit.'),
});
type LimitForm = z.infer<typeof LimitFormSchema>;

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
  const { register, handleSubmit, formState, setError } = useFormEngine<LimitForm>(LimitFormSchema, { defaultValues: { kind: 'loss', period: 'day', amount: '' } });

  useEffect(() => {
    responsibleApi.state().then(setState, (error: unknown) => toast.error(apiErrorText(error)));
  }, []);

  const saveLimit = handleSubmit(async (values) => {
    try {
      setState(await responsibleApi.setLimit({ kind: values.kind, period: values.period, amount: values.amount === '' ? null : Number(values.amount) }));
      toast.success('Limit saved');
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
      <h2>Responsible gaming</h2>
      {state?.exclusion && (
        <p className="limits__exclusion" role="status" data-testid="exclusion-status">
          {state.exclusion.message}
        </p>
      )}

      <section aria-labelledby="limits-heading">
        <h3 id="limits-heading">Limits</h3>
        <p className="box-card__note">A lower limit applies at once. A higher limit, or removing one, applies 24 hours after you ask. Days, weeks (from Monday) and months reset at 00:00 UTC.</p>
        {shown.length > 0 && (
          <ul className="limits__list" data-testid="limit-list">
            {shown.map((l) => (
              <li key={`${l.kind}-${l.period}`}>
                <strong>
                  {PERIOD_LABEL[l.period]} {KIND_LABEL[l.kind].toLowerCase()} limit: {l.amount === null ? 'none' : `${formatCoins(l.amount)} coins`}
                </strong>
                <span>
                  Used {formatCoins(l.used)} · resets {formatDateTime(l.resets_at)}
                </span>
                {l.pending && (
                  <span className="limits__pending">
                    {l.pending.amount === null ? 'Removal' : `Raise to ${formatCoins(l.pending.amount)} coins`} applies {formatDateTime(l.pending.applies_at)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        <form className="limits__form" onSubmit={saveLimit} noValidate>
          <LabelledSelect label="Limit" values={LIMIT_KINDS} labels={KIND_LABEL} {...register('kind')} />
          <LabelledSelect label="Period" values={LIMIT_PERIODS} labels={PERIOD_LABEL} {...register('period')} />
          <TextInput small label="Amount (coins)" inputMode="decimal" placeholder="Empty: no limit" {...register('amount')} error={formState.errors.amount?.message ?? null} />
          <Button type="submit" loading={formState.isSubmitting}>
            Save limit
          </Button>
        </form>
      </section>

      <section aria-labelledby="break-heading">
        <h3 id="break-heading">Take a break</h3>
        <p className="box-card__note">During a cool-off or self-exclusion you can sign in, see your balance and history, and ship or sell items, but you cannot bet, open boxes, join battles or deposit. It cannot be ended early, and we send you no promotional mail.</p>
        <LabelledSelect label="Break" values={EXCLUSION_CHOICE_KEYS} labels={CHOICE_LABEL} value={choice} onChange={(e) => setChoice(e.target.value as ExclusionChoice)} />
        {confirming ? (
          <div className="limits__confirm">
            <p>{CHOICE_LABEL[choice]}: this cannot be undone early. Start it now?</p>
            <Button variant="primary" onClick={() => void takeBreak()}>
              Yes, start my break
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Take a break
          </Button>
        )}
      </section>

      <section aria-labelledby="reality-heading">
        <h3 id="reality-heading">Reality check</h3>
        <p className="box-card__note">A reminder every so many minutes of your session, with the time played and your net result.</p>
        {state && <ChipGroup label="Reality check reminder" chips={REMINDER_CHIPS} value={state.reality_check_minutes === null ? 'off' : (`${state.reality_check_minutes}` as Reminder)} onChange={(v) => void setReminder(v)} />}
      </section>
    </div>
  );
}
