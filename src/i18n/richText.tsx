import { Fragment, type ReactNode } from 'react';
import type { MessageValues } from './i18n.ts';

// A message with elements inside (an amount with its coin icon, a bold code): the translation places
// them, so each language orders the sentence its own way. The elements' placeholders are filled with
// markers, and the translated text is cut at them.

const MARK = '\u0001';

/** `richText(t, 'youGet', { coins: <Coins value={x} /> }, { code })`: the message's text around the elements. */
export function richText<K extends string>(
  translate: (key: K, values?: MessageValues) => string,
  key: K,
  elements: Record<string, ReactNode>,
  values: MessageValues = {},
): ReactNode[] {
  const marked: MessageValues = { ...values };
  for (const name of Object.keys(elements)) marked[name] = `${MARK}${name}${MARK}`;
  return translate(key, marked)
    .split(MARK)
    .map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{elements[part]}</Fragment> : part || null));
}
