import type { z } from 'zod';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { MESSAGES, PASSWORD_MIN } from '../../core/protocol/auth.ts';
import { TWO_FACTOR_MESSAGES } from '../../core/protocol/accountSecurity.ts';
import messages from './i18n/en-US.json';
import { translator } from '../i18n/i18n.ts';

const t = translator(messages);
type Key = keyof typeof messages;

// The form engine's wording (docs/product.md §5): a schema's own message always wins (the spec's
// 'Nickname is required', 'first name is a required field'…); where a schema sets none, one of these
// templates names the field instead of zod's library sentence ("Invalid input: expected string,
// received null"), and '{field} is not valid.' covers anything else. The texts are the catalog's
// (./i18n): the templates by their keys here, the field named by its catalog label where it has one.
const FORM_TEMPLATES = {
  default: 'notValid',
  required: 'isRequired',
  min: 'tooShort',
  max: 'tooLong',
  minNumber: 'tooSmall',
  maxNumber: 'tooLarge',
  length: 'wrongLength',
  email: 'notAnEmail',
  url: 'notAUrl',
  uuid: 'notAUuid',
  matches: 'wrongFormat',
  integer: 'notAnInteger',
  positive: 'notPositive',
  negative: 'notNegative',
} as const satisfies Record<string, Key>;

type Template = keyof typeof FORM_TEMPLATES;

/**
 * How a field is named in a sentence: its catalog label ("street_address_2" → labelStreetAddress2,
 * in en-US "street address 2"), else its key with spaces.
 */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const last = path?.at(-1);
  if (typeof last !== 'string') return t('thisField');
  const key = `label${last.replace(/(?:^|_)(\w)/g, (_, c: string) => c.toUpperCase())}`;
  return key in messages ? t(key as Key) : last.replaceAll('_', ' ');
}

function fill(template: Template, values: Record<string, string | number>): string {
  return t(FORM_TEMPLATES[template], values);
}

type Issue = z.core.$ZodRawIssue;

function bound(issue: Issue, key: 'minimum' | 'maximum'): number {
  return Number((issue as Record<string, unknown>)[key]);
}

/** The template an issue falls under, with its values. */
function templateOf(issue: Issue): [Template, Record<string, number>] {
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined || input === null || input === '') return ['required', {}];
      return issue.expected === 'int' ? ['integer', {}] : ['default', {}];
    case 'too_small': {
      const min = bound(issue, 'minimum');
      if (issue.origin === 'string') {
        if (input === '') return ['required', {}];
        return issue.exact ? ['length', { length: min }] : ['min', { min }];
      }
      if (issue.origin === 'number' || issue.origin === 'bigint') return min === 0 && !issue.inclusive ? ['positive', {}] : ['minNumber', { min }];
      return ['default', {}];
    }
    case 'too_big': {
      const max = bound(issue, 'maximum');
      if (issue.origin === 'string') return issue.exact ? ['length', { length: max }] : ['max', { max }];
      if (issue.origin === 'number' || issue.origin === 'bigint') return max === 0 && !issue.inclusive ? ['negative', {}] : ['maxNumber', { max }];
      return ['default', {}];
    }
    case 'invalid_format':
      if (issue.format === 'email') return ['email', {}];
      if (issue.format === 'url') return ['url', {}];
      if (issue.format === 'uuid' || issue.format === 'guid') return ['uuid', {}];
      if (issue.format === 'regex') return ['matches', {}];
      return ['default', {}];
    default:
      return ['default', {}];
  }
}

/**
 * zod's error map of every form (a parse-level map: a schema's own message outranks it, and the
 * server's parsing, which has its own wording, never sees it).
 */
export function formIssueMessage(issue: Issue): string {
  const [template, values] = templateOf(issue);
  return fill(template, { field: fieldLabel(issue.path), ...values });
}

/**
 * The shared account schemas' own messages (core/protocol, the server's wording too), by their
 * English text: the client's forms show them in the page's language. Any other message is shown as
 * it is (the engine's templates are already translated; a server's 422 message is the server's).
 */
const SCHEMA_MESSAGES: ReadonlyMap<string, [Key, Record<string, number>?]> = new Map<string, [Key, Record<string, number>?]>([
  [MESSAGES.nicknameRequired, ['nicknameRequired']],
  ['Your nickname can be at most 50 characters.', ['nicknameTooLong']],
  [MESSAGES.emailRequired, ['emailRequired']],
  [MESSAGES.emailInvalid, ['emailInvalid']],
  [MESSAGES.passwordRequired, ['passwordRequired']],
  [MESSAGES.passwordMin, ['passwordTooShort', { min: PASSWORD_MIN }]],
  [MESSAGES.confirmationMismatch, ['passwordMismatch']],
  [MESSAGES.termsRequired, ['termsRequired']],
  [TWO_FACTOR_MESSAGES.codeRequired, ['twoFactorCodeRequired']],
]);

export function schemaMessage(message: string): string {
  const known = SCHEMA_MESSAGES.get(message);
  return known ? t(known[0], known[1]) : message;
}

/** The resolver's errors with each shared schema message in the page's language (in place). */
export function translateSchemaMessages<T extends FieldValues>(errors: FieldErrors<T>): void {
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (key === 'ref') continue;
      if (key === 'message' && typeof value === 'string') record.message = schemaMessage(value);
      else walk(value);
    }
  };
  walk(errors);
}
