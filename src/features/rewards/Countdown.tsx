import { useNow } from '../../app/useNow.ts';
import './rewards.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

const UNITS = [
  ['days', 86_400],
  ['hours', 3600],
  ['minutes', 60],
  ['seconds', 1],
] as const satisfies readonly (readonly [keyof typeof messages, number])[];

/** Time left until `target` in days, hours, minutes and seconds, one tile each. */
export function Countdown({ target, label }: { target: string | Date; label: string }) {
  const now = useNow();
  let left = Math.max(0, Math.floor((new Date(target).getTime() - now) / 1000));
  return (
    <div className="countdown" role="timer" aria-label={label} data-testid="countdown">
      {UNITS.map(([unit, seconds]) => {
        const value = Math.floor(left / seconds);
        left -= value * seconds;
        return (
          <span key={unit} className="countdown__tile">
            <strong className="tabular">{String(value).padStart(2, '0')}</strong>
            <span>{t(unit)}</span>
          </span>
        );
      })}
    </div>
  );
}
