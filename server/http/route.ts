import type { ContextConfigDefault, FastifyInstance, FastifySchema, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Method, RouteSchemas } from '../../core/protocol/route.ts';

// Registers one route of the route table (core/protocol/routes/): method, path and every schema come
// from its entry; what only the server decides (authentication, config flags such as
// tokenCheckedBySettlement or staffRole, rate limits) stays in the options beside the handler.

type Get<S, K extends string> = K extends keyof S ? S[K] : undefined;

/** The Fastify schema of a route as its entry declares it. */
export type SchemaOfRoute<S> = {
  params: Get<S, 'params'>;
  querystring: Get<S, 'query'>;
  body: Get<S, 'body'>;
  response: { [K in Get<S, 'status'> extends number ? Get<S, 'status'> : 200]: Get<S, 'answer'> } & (Get<S, 'others'> extends object ? Get<S, 'others'> : unknown);
};

/** What a route's handler may take besides the contract; `schema` only to narrow it (a body bounded by the server's settings). */
export type RouteOptions<S> = Omit<RouteShorthandOptions<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, ContextConfigDefault, SchemaOfRoute<S>, ZodTypeProvider>, 'schema'> & {
  schema?: Partial<Pick<SchemaOfRoute<S>, 'body'>>;
};

export type RouteHandler<S> = RouteHandlerMethod<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, ContextConfigDefault, SchemaOfRoute<S>, ZodTypeProvider>;

/** An entry of the loaded table (core/protocol/routeTable.ts): address and schemas at hand. */
export type Entry = { method: Method; path: string } & RouteSchemas;

/** The Fastify schema of a loaded entry. */
export function fastifySchema(entry: Entry): FastifySchema {
  const schema: FastifySchema = { response: { [entry.status ?? 200]: entry.answer, ...entry.others } };
  if (entry.params) schema.params = entry.params;
  if (entry.query) schema.querystring = entry.query;
  if (entry.body) schema.body = entry.body;
  return schema;
}

/**
 * Registers `entry` (from the loaded table, core/protocol/routeTable.ts) on `app` with `handler`:
 * `route(app, routes.diceBet, { onRequest: app.authenticate }, async (request) => …)`.
 */
export function route<E extends Entry>(app: FastifyInstance, entry: E, options: RouteOptions<E>, handler: RouteHandler<E>): void {
  const { schema: narrowed, ...rest } = options;
  const schema = { ...fastifySchema(entry), ...narrowed };
  app.withTypeProvider<ZodTypeProvider>().route({ ...(rest as RouteShorthandOptions), method: entry.method, url: entry.path, schema, handler: handler as RouteHandlerMethod });
}
