import type { z } from 'zod';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { MESSAGES, PASSWORD_MIN } from '../../core/protocol/auth.ts';
import { SETTINGS_MESSAGES, TWO_FACTOR_MESSAGES } from '../../core/protocol/accountSecurity.ts';
import { REFERRAL_CODE_MESSAGE } from '../../core/protocol/referral.ts';
import { SUPPORT_LIMITS } from '../../core/protocol/support.ts';
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
 * The own messages of the shared schemas the client's forms validate with (core/protocol, the
 * server's wording too: account, security, delivery address, verification details, support and
 * referral code), by their English text: the client's forms show them in the page's language. Any
 * other message is shown as it is (the engine's templates are already translated; a server's 422
 * message is the server's).
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
  [SETTINGS_MESSAGES.currentPasswordRequired, ['currentPasswordRequired']],
  // The delivery address (shippingAddressSchema; 'Email is required' is the account forms' above).
  ['first name is a required field', ['firstNameRequired']],
  ['last name is a required field', ['lastNameRequired']],
  ['email is not valid.', ['addressEmailInvalid']],
  ['Phone is required', ['phoneRequired']],
  ['phone is not valid.', ['phoneInvalid']],
  ['Country is required', ['countryRequired']],
  ['country is not valid.', ['countryInvalid']],
  ['state is a required field', ['stateRequired']],
  ['City is required', ['cityRequired']],
  ['postal code is a required field', ['postalCodeRequired']],
  ['postal code is not valid.', ['postalCodeInvalid']],
  ['street is a required field', ['streetRequired']],
  ['street_address_2 is not valid.', ['street2Invalid']],
  // The verification details (KycDetailsSchema; the form checks the date of birth itself).
  ['Enter your full name as on your identity document.', ['fullNameRequired']],
  ['Choose your country of residence.', ['residenceCountryRequired']],
  // A support ticket and its messages (supportTicketRequest, supportMessageRequest).
  ['The subject field is required.', ['supportSubjectRequired']],
  [`The subject must be at least ${SUPPORT_LIMITS.subjectMin} characters.`, ['supportSubjectTooShort', { min: SUPPORT_LIMITS.subjectMin }]],
  [`The subject may not be greater than ${SUPPORT_LIMITS.subjectMax} characters.`, ['supportSubjectTooLong', { max: SUPPORT_LIMITS.subjectMax }]],
  ['The message field is required.', ['supportMessageRequired']],
  [`The message must be at least ${SUPPORT_LIMITS.messageMin} characters.`, ['supportMessageTooShort', { min: SUPPORT_LIMITS.messageMin }]],
  [`The message may not be greater than ${SUPPORT_LIMITS.messageMax} characters.`, ['supportMessageTooLong', { max: SUPPORT_LIMITS.messageMax }]],
  ['The selected category is invalid.', ['supportCategoryInvalid']],
  // The referral code (referralCodeRequest).
  ['The code field is required.', ['referralCodeRequired']],
  [REFERRAL_CODE_MESSAGE, ['referralCodeFormat']],
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
