// The cashback countdown (docs/product.md §9): to 21:00 local time every day, shown HH:MM:SS, prefixed '1 day' or
// 'N days' when more than a day remains. The target is always today's 21:00 or, once passed, tomorrow's,
// so the "days" prefix only appears if a later cashback date is passed in.
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

export const CASHBACK_HOUR = 21;

export function nextCashbackAt(now: Date): Date {
  const target = new Date(now);
  target.setHours(CASHBACK_HOUR, 0, 0, 0);
  if (target.getTime() <= now.getTime()) target.setDate(target.getDate() + 1);
  return target;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Text for the time left until `target`: 'HH:MM:SS', or '1 day HH:MM:SS' / 'N days HH:MM:SS'. */
export function countdownText(now: Date, target: Date): string {
  const totalSeconds = Math.max(0, Math.floor((target.getTime() - now.getTime()) / 1000));
  const days = Math.floor(totalSeconds / 86_400);
  const rest = totalSeconds % 86_400;
  const clock = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  if (days === 0) return clock;
  return `${t('days', { days })} ${clock}`;
}
