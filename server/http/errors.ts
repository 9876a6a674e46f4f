import { validationSummary, UNAUTHENTICATED } from '../../core/protocol/errors.ts';

// Errors thrown by route handlers and services; the error handler plugin turns them into the
// spec's bodies. Throwing stops the work before anything is committed.

export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(statusCode: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${statusCode}`);
    this.statusCode = statusCode;
    this.body = body;
    this.headers = headers;
  }
}

/** 422 `{message, errors}` for one or more fields. */
export function validationError(errors: Record<string, string[]>): HttpError {
  return new HttpError(422, { message: validationSummary(errors), errors });
}

export function fieldError(field: string, message: string): HttpError {
  return validationError({ [field]: [message] });
}

/** A failure whose text the client reads as msg (and message, for handlers that read either). */
export function msgError(statusCode: number, msg: string): HttpError {
  return new HttpError(statusCode, { message: msg, msg });
}

export function unauthenticated(): HttpError {
  return new HttpError(401, { message: UNAUTHENTICATED });
}

export function notFound(message = 'Not Found'): HttpError {
  return new HttpError(404, { message, msg: message });
}

export function tooManyRequests(retryAfterSeconds: number, message = 'Too many attempts. Please try again later.'): HttpError {
  return new HttpError(429, { message, msg: message }, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}
