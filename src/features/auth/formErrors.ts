import type { AxiosError } from 'axios';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { CAPTCHA_NOT_LOADED } from './captcha.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** Puts a 422's field messages on the form's fields it knows. */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): void {
  const errors = (error as AxiosError<{ errors?: Record<string, string[]> }>)?.response?.data?.errors;
  if (!errors) return;
  for (const [field, messages] of Object.entries(errors)) {
    if (fields.includes(field) && messages[0]) setError(field as Path<T>, { type: 'server', message: messages[0] });
  }
}

/** The message of an error thrown in the browser (no answer from the server), the captcha's in the page's language. */
export function ownErrorText(error: unknown): string | undefined {
  if (!(error instanceof Error) || 'response' in error) return undefined;
  return error.message === CAPTCHA_NOT_LOADED ? t('captchaNotLoaded') : error.message;
}

/** The message of an error body (register and login toast data.message, docs/product.md §8). */
export function dataMessage(error: unknown, fallback?: string): string {
  const data = (error as AxiosError<{ message?: string; msg?: string }>)?.response?.data;
  return data?.message || data?.msg || (ownErrorText(error) ?? fallback ?? t('somethingWentWrong'));
}
