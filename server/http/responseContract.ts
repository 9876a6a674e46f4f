import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Every route declares the schema of its 2xx answers (zod, in core/protocol: docs/architecture.md).
// Fastify serialises an answer through that schema, which keeps only the fields it lists: a field
// missing from a schema would silently vanish from the answer. Outside production the serializer
// therefore refuses an answer that loses anything on the way (500 with the path in the log), so
// the route tests catch a schema that is narrower than its handler. Production strips quietly.

/**
 * The spec's error bodies (docs/architecture.md, Errors): `message` always; `msg` where the client
 * reads it, `errors` on 422, `data.msg` on battle refusals, `error`/`error_description`/`hint` on
 * OAuth. Loose: an error body is never trimmed.
 */
export const ErrorBody = z
  .looseObject({
    message: z.string(),
    msg: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ErrorBody', description: 'Error answer: message, plus msg, errors (422) or the OAuth error fields.' });

/** A redirect (302) without a body. */
export const RedirectAnswer = z.null().describe('Redirect: see the Location header.');

export { fileAnswer } from '../../core/protocol/fileAnswer.ts';

/** The first place where `sent` (the serialised answer) lost or changed what the handler returned. */
export function contractBreach(returned: unknown, sent: unknown, path = ''): string | null {
  if (isDeepStrictEqual(returned, sent)) return null;
  if (returned && sent && typeof returned === 'object' && typeof sent === 'object' && Array.isArray(returned) === Array.isArray(sent)) {
    const a = returned as Record<string, unknown>;
    const b = sent as Record<string, unknown>;
    for (const key of Object.keys(a)) {
      if (!(key in b)) return `${path}/${key} is not in the response schema`;
      const inner = contractBreach(a[key], b[key], `${path}/${key}`);
      if (inner) return inner;
    }
  }
  return `${path || '/'} changed in serialisation`;
}

const normalise = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** The zod serializer; with `strict`, an answer that loses a field on its way out is an error. */
export function responseSerializer(strict: boolean): FastifySerializerCompiler<unknown> {
  const compile = createSerializerCompiler({});
  if (!strict) return compile as FastifySerializerCompiler<unknown>;
  return (route) => {
    const serialize = compile(route as Parameters<typeof compile>[0]);
    return (data: unknown) => {
      const json = serialize(data);
      // Fastify's last-resort error answer passes the Error itself; only handler data is checked.
      if (data instanceof Error) return json;
      const breach = contractBreach(normalise(data), JSON.parse(json));
      if (breach) throw new Error(`Response of ${route.method} ${route.url} (${String(route.httpStatus)}): ${breach}`);
      return json;
    };
  };
}

/** A registered route as the contract test sees it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema;
}

/**
 * Adds the shared error schema for 4xx and 5xx to every route that has not declared its own, so
 * the OpenAPI document names each route's error answers; marks the routes that need a bearer
 * token; lists every route in `app.registeredRoutes` (the contract test compares it with the
 * document). Install before any route.
 */
export function installRouteContract(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const schema: FastifySchema = (route.schema ??= {});
    const response = (schema.response ??= {}) as Record<string, unknown>;
    response['4xx'] ??= ErrorBody;
    response['5xx'] ??= ErrorBody;
    if ([route.onRequest].flat().includes(app.authenticate)) schema.security ??= [{ bearer: [] }];
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema });
  });
}
