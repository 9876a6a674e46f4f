import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// Amount field rules of docs/product.md §5: required, a number, a minimum (card 5; skins only required),
// in words for players. Called while rendering (AmountPayForm), in the page's language.
export function amountError(value: string, minimum: number | null): string | null {
  const text = value.trim();
  if (!text) return t('amountRequired');
  const n = Number(text);
  if (!Number.isFinite(n) || !/^\d+(\.\d{1,2})?$/.test(text)) return t('amountNotNumber');
  if (minimum !== null && n < minimum) return t('amountBelowMinimum', { minimum: String(minimum) });
  if (n <= 0) return t('amountNotPositive');
  return null;
}
