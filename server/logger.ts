import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { symbols, type Logger } from 'pino';
import { currentRequestId } from './requestContext.ts';

// The server's pino options (Fastify's logger), docs/operations.md "Logs": one JSON line per event.
// - Every line written while a request's work runs carries its id (`reqId`), the lines domain code
//   writes through the app's root logger too (a settlement, a publication); Fastify's request logger
//   binds it already, so it is added only where the logger does not carry it.
// - No secret reaches a line: headers are not logged (Fastify logs method, URL, host and address),
//   a URL's query values are masked (mailed links and callbacks carry tokens there), and the paths
//   below are censored wherever a caller logs such an object.

/** Field names that hold a secret whenever they appear, at the top of a line or one level down. */
// (`code` is not among them: an error's `code` is PostgreSQL's or Node's, which operators need.)
const SECRET_FIELDS = ['password', 'password_confirmation', 'current_password', 'token', 'access_token', 'refresh_token', 'two_factor_code', 'secret', 'api_key', 'authorization', 'cookie'];

/** Masks each query value: `/x?token=abc&page=2` → `/x?token=*&page=*`. */
export function maskedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  return `${url.slice(0, at)}?${url
    .slice(at + 1)
    .split('&')
    .map((pair) => `${pair.split('=')[0]}=*`)
    .join('&')}`;
}

export function loggerOptions(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: { paths: [...SECRET_FIELDS, ...SECRET_FIELDS.map((field) => `*.${field}`)], censor: '[redacted]' },
    mixin(_fields: object, _level: number, logger: Logger) {
      const id = currentRequestId();
      // A new object each line: pino merges the line's fields into what the mixin answers.
      if (id === undefined) return {};
      // A request's own logger (Fastify's child) has bound its id already.
      return (logger as unknown as Record<symbol, string>)[symbols.chindingsSym]?.includes('"reqId"') ? {} : { reqId: id };
    },
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: maskedUrl(request.url), host: request.host, remoteAddress: request.ip }),
    },
  };
}

/**
 * The request's id: a trusted proxy's `x-request-id` (TRUST_PROXY set, at most 100 printable
 * characters), so one id follows a request from the edge through every node; else a fresh one.
 * Without a trusted proxy anyone could pick the id their requests are logged under.
 */
export function requestIdOf(trustProxy: unknown) {
  const fromProxy = Boolean(trustProxy);
  return (request: IncomingMessage): string => {
    const sent = request.headers['x-request-id'];
    return fromProxy && typeof sent === 'string' && /^[\x21-\x7e]{1,100}$/.test(sent) ? sent : randomUUID();
  };
}
