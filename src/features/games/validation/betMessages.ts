import { formatCoins, formatNumber } from '../../../format/format.ts';
import { currentLocale, translator, type MessageValues } from '../../../i18n/i18n.ts';
import { DEFAULT_LOCALE } from '../../../../core/text/locales.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The bet forms' field messages in the page's language. They come from the shared zod schemas of
// core/protocol (betRequests.ts, limbo.ts, mines.ts, crash.ts and coinAmount's amountRules.ts),
// which stay in English: the server answers with them, as the spec words them. A form's problem is
// read here by its exact English text (the numbers in it taken as they were written and formatted
// again for the language) and shown from this area's catalog; a message not known here (zod's own,
// a new rule) is shown as it is. In en-US every message comes back byte for byte.

type Key = keyof typeof messages;

/** A number as core writes it ("0.10", "98", "1,000,000"), read back; null in en-US, where it stays as written. */
const read = (text: string) => (currentLocale() === DEFAULT_LOCALE ? null : Number(text.replace(/,/g, '')));
/** A count, chance or target in the language's way, with at most the decimals it was written with. */
const number = (text: string) => {
  const value = read(text);
  return value === null ? text : formatNumber(value, text.split('.')[1]?.length ?? 0);
};
/** A coin amount or a 2-decimal multiplier ("0.10", "1000000.00"). */
const twoDecimals = (text: string) => {
  const value = read(text);
  return value === null ? text : formatCoins(value);
};

const EXACT = new Map<string, Key>(Object.entries({
  'The amount must be a number.': 'amountNotNumber',
  'The amount may have at most 2 decimals.': 'amountDecimals',
  'The amount must be a positive number.': 'amountPositive',
  'The target must be a number.': 'targetNotNumber',
  'The target must be a number with at most 2 decimals.': 'targetDecimals',
  'The direction must be under or over.': 'directionInvalid',
  'The rows must be a number.': 'rowsNotNumber',
  'The risk must be one of low, medium, high.': 'riskOneOf',
  'The inventory ids must be a list of ids.': 'inventoryIdsInvalid',
  'The target item is required.': 'targetItemRequired',
  'An item may be used once.': 'itemUsedOnce',
  'Choose items or an amount to upgrade.': 'chooseItemsOrAmount',
  'The mines must be a number.': 'minesNotNumber',
  'The tile must be a number.': 'tileNotNumber',
  'The auto cash-out must be a number.': 'autoCashoutNotNumber',
  'The auto cash-out must be a number with at most 2 decimals.': 'autoCashoutDecimals',
} satisfies Record<string, Key>) as [string, Key][]);

const NUM = String.raw`(\d[\d,]*(?:\.\d+)?)`;
const PATTERNS: { pattern: RegExp; key: Key; values(match: string[]): MessageValues }[] = [
  { pattern: new RegExp(`^The amount must be at least ${NUM}\\.$`), key: 'amountMin', values: ([, min]) => ({ min: twoDecimals(min!) }) },
  { pattern: new RegExp(`^The amount may not be greater than ${NUM}\\.$`), key: 'amountMax', values: ([, max]) => ({ max: twoDecimals(max!) }) },
  { pattern: new RegExp(`^The target must be between ${NUM} and ${NUM}\\.$`), key: 'targetRange', values: ([, min, max]) => ({ min: number(min!), max: number(max!) }) },
  { pattern: new RegExp(`^The win chance must be between ${NUM}% and ${NUM}%\\.$`), key: 'winChanceRange', values: ([, min, max]) => ({ min: number(min!), max: number(max!) }) },
  { pattern: /^The rows must be one of (\d+(?:, \d+)*)\.$/, key: 'rowsOneOf', values: ([, rows]) => ({ rows: rows! }) },
  { pattern: /^At most (\d+) items\.$/, key: 'upgradeMaxItems', values: ([, count]) => ({ count: Number(count) }) },
  { pattern: new RegExp(`^The mines must be a whole number from ${NUM} to ${NUM}\\.$`), key: 'minesRange', values: ([, min, max]) => ({ min: number(min!), max: number(max!) }) },
  { pattern: new RegExp(`^The tile must be a whole number from ${NUM} to ${NUM}\\.$`), key: 'tileRange', values: ([, min, max]) => ({ min: number(min!), max: number(max!) }) },
  { pattern: new RegExp(`^The auto cash-out must be at least ${NUM}\\.$`), key: 'autoCashoutMin', values: ([, min]) => ({ min: twoDecimals(min!) }) },
  { pattern: new RegExp(`^The auto cash-out may not be greater than ${NUM}\\.$`), key: 'autoCashoutMax', values: ([, max]) => ({ max: twoDecimals(max!) }) },
];

/** A bet form's field message (core's English) in the page's language; unknown messages as they are. */
export function localizeBetMessage(message: string): string {
  const exact = EXACT.get(message);
  if (exact) return t(exact);
  for (const { pattern, key, values } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(key, values(match));
  }
  return message;
}
