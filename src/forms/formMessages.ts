import type { z } from 'zod';

// The form engine's wording (docs/product.md §5): a schema's own message always wins (the spec's
// 'Nickname is required', 'first name is a required field'…); where a schema sets none, one of these
// templates names the field instead of zod's library sentence ("Invalid input: expected string,
// received null"), and '{field} is not valid.' covers anything else.
export const FORM_TEMPLATES = {
  default: '{field} is not valid.',
  required: '{field} is a required field',
  min: '{field} must be at least {min} characters',
  max: '{field} must be at most {max} characters',
  minNumber: '{field} must be greater than or equal to {min}',
  maxNumber: '{field} must be less than or equal to {max}',
  length: '{field} must be exactly {length} characters',
  email: '{field} must be a valid email',
  url: '{field} must be a valid URL',
  uuid: '{field} must be a valid UUID',
  matches: '{field} does not have the expected format',
  integer: '{field} must be an integer',
  positive: '{field} must be a positive number',
  negative: '{field} must be a negative number',
} as const;

type Template = keyof typeof FORM_TEMPLATES;

/** "street_address_2" → "street address 2": how a field is named in a sentence. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const last = path?.at(-1);
  return typeof last === 'string' ? last.replaceAll('_', ' ') : 'This field';
}

function fill(template: Template, values: Record<string, unknown>): string {
  return FORM_TEMPLATES[template].replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

type Issue = z.core.$ZodRawIssue;

function bound(issue: Issue, key: 'minimum' | 'maximum'): number {
  return Number((issue as Record<string, unknown>)[key]);
}

/** The template an issue falls under, with its values. */
function templateOf(issue: Issue): [Template, Record<string, unknown>] {
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
