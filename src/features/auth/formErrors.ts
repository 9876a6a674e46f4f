import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { CAPTCHA_NOT_LOADED } from './captcha.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { ApiError, refusalOf } from '../../api/http.ts';

const t = translator(messages);

/** Puts a 422's field messages on the form's fields it knows. */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): void {
  const errors = refusalOf(error)?.errors;
  if (!errors) return;
  for (const [field, messages] of Object.entries(errors)) {
    if (fields.includes(field) && messages[0]) setError(field as Path<T>, { type: 'server', message: messages[0] });
  }
}

/** The message of an error thrown in the browser (no answer from the server), the captcha's in the page's language. */
export function ownErrorText(error: unknown): string | undefined {
  if (!(error instanceof Error) || error instanceof ApiError) return undefined;
  return error.message === CAPTCHA_NOT_LOADED ? t('captchaNotLoaded') : error.message;
}

/** The message of an error body (register and login toast data.message, docs/product.md §8). */
export function dataMessage(error: unknown, fallback?: string): string {
  const data = refusalOf(error);
  return data?.message || data?.msg || (ownErrorText(error) ?? fallback ?? t('somethingWentWrong'));
}
