import type { z } from 'zod';
import type { Wire } from './wire.ts';

// How one route of the route table (core/protocol/routes/) is declared: its method and path, and the
// zod schemas of its contract (path parameters, query, body, answer). The server registers from
// these (server/http/route.ts), the browser calls by them (src/api/call.ts), the console parses
// their answers. Why address and contract sit in two modules: docs/architecture.md, "Route contract".

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer that is not JSON (SVG art, a CSV file), documented by its content type. */
export interface FileAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** A route's contract: every schema one of core/protocol's. */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer on success. */
  answer: z.ZodType | FileAnswer;
  /** The success status (200 unless said). */
  status?: 200 | 201 | 302;
  /** Other answers with a shape of their own (a second success, a refusal), by status. */
  others?: Record<number, z.ZodType>;
}

/** A route's address, typed by its contract (`S`, which exists only for the type checker). */
export interface Route<M extends Method = Method, P extends string = string, S extends RouteSchemas = RouteSchemas> {
  readonly method: M;
  readonly path: P;
  /** Never set: carries the contract's type from the table to the callers. */
  readonly contract?: S;
}

/**
 * Declares a route's address with its contract's type: `route<typeof contract.diceBet>()('POST',
 * '/api/dice/bet')`, the contract being the entry of the same name in the area's schemas module
 * (core/protocol/routes/schemas/). A page's bundle then carries two strings per route it calls and
 * no schema, nor zod; the server joins addresses and contracts by name (core/protocol/routeTable.ts).
 */
export function route<S extends RouteSchemas>() {
  return <const M extends Method, const P extends string>(method: M, path: P): Route<M, P, S> => ({ method, path });
}

/** The schemas of a route. */
export type SchemasOf<R> = R extends Route<Method, string, infer S> ? S : never;

/** A route with its schemas at hand (the server's and the tests' table). */
export type LoadedRoute<R extends Route = Route> = { method: R['method']; path: R['path'] } & SchemasOf<R>;

/** The names of a path's `:params`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | PathParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;

type Slot<S, K extends keyof RouteSchemas> = K extends keyof S ? (S[K] extends z.ZodType ? S[K] : never) : never;

/** What a call sends: the path's parameters, the query and the body, each as its schema takes it (a route without a body schema may send a file, a Blob, as its raw body). */
export type CallInput<R extends Route> = ([PathParamNames<R['path']>] extends [never] ? { params?: undefined } : { params: Record<PathParamNames<R['path']>, string | number> }) &
  ([Slot<SchemasOf<R>, 'query'>] extends [never] ? { query?: undefined } : { query?: z.input<Slot<SchemasOf<R>, 'query'>> }) &
  ([Slot<SchemasOf<R>, 'body'>] extends [never] ? { body?: Record<string, unknown> | Blob } : { body: z.input<Slot<SchemasOf<R>, 'body'>> });

/** The answer as the browser receives it (a Date as its ISO string; a file as a Blob). */
export type AnswerOf<R extends Route> = SchemasOf<R>['answer'] extends z.ZodType ? Wire<z.output<SchemasOf<R>['answer']>> : Blob;

/** The path with its `:params` filled in (each encoded). */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    return encodeURIComponent(String(params?.[name]));
  });
}
