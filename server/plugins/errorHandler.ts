import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, validationError } from '../http/errors.ts';

// One place that turns every failure into the spec's error shapes. Stack traces never leave.
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        (errors[field] ??= []).push(readableIssue(field, issue));
      }
      return reply.code(422).send(validationError(errors).body);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, unsupported media types, bodies too large: Fastify's own client errors.
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'The request body is not valid JSON.' : error.message;
      return reply.code(error.statusCode).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Server Error' });
  });
}

/** Laravel's sentences for a field whose schema set no message of its own (translated like any message). */
const FIELD_MESSAGES = {
  notValid: (name: string) => `The ${name} field is not valid.`,
  required: (name: string) => `The ${name} field is required.`,
  wrongType: (name: string, expected: string) => `The ${name} field must be ${/^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`}.`,
};

/**
 * A schema's own message where it set one; zod's generic wording of a wrong type ("Invalid input:
 * expected string, received undefined") is a library's, not a player's: Laravel's sentences instead.
 */
function readableIssue(field: string, issue: { keyword: string; message?: string; params: Record<string, unknown> }): string {
  const name = field.split('.').at(-1)!.replaceAll('_', ' ');
  if (issue.keyword !== 'invalid_type' || !issue.message?.startsWith('Invalid input')) return issue.message ?? FIELD_MESSAGES.notValid(name);
  if (/received undefined$/.test(issue.message)) return FIELD_MESSAGES.required(name);
  return FIELD_MESSAGES.wrongType(name, typeof issue.params.expected === 'string' ? issue.params.expected : 'valid value');
}
