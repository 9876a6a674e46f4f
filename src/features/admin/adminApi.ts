import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { apiErrorText, refusalOf } from '../../api/http.ts';
import { callResponse } from '../../api/call.ts';
import type { AnswerOf, CallInput, Route, RouteSchemas } from '../../../core/protocol/route.ts';
import * as adminRoutes from '../../../core/protocol/routes/admin.ts';

// The console's calls go through the shop's one HTTP client (bearer token, error texts), by
// their route-table entries (core/protocol/routes/admin.ts). Every answer is parsed with its
// entry's schema before a page sees it: a malformed answer is the page's error state, not a crash
// further down (docs/architecture.md, "Route contract"). Pages load with useAdminData: the answer
// of one GET, its error text, and reload() after a change.

/** Shown when an answer does not match its schema. */
export const MALFORMED_ANSWER = 'The server answered something this page cannot read.';

/** The console's contracts (core/protocol/routes/schemas/admin.ts), loaded with the first call. */
const loadContracts = () => import('../../../core/protocol/routes/schemas/admin.ts') as Promise<Record<string, RouteSchemas>>;

/** The contract of one of the console's routes: the one under its address's name. */
async function contractOf(route: Route): Promise<RouteSchemas> {
  const name = Object.entries(adminRoutes).find(([, address]) => address === route)?.[0];
  const contract = name === undefined ? undefined : (await loadContracts())[name];
  if (!contract) throw new Error(`${route.method} ${route.path} is not one of the console's routes.`);
  return contract;
}

/** The call's answer, parsed with its route's answer schema. */
export async function callParsed<R extends Route>(route: R, input: CallInput<R>): Promise<AnswerOf<R>> {
  const [res, contract] = await Promise.all([callResponse(route, input), contractOf(route)]);
  // An answer is read by the schema of its status (a credit waiting for approval answers 202).
  const schema = ((contract.others as Record<number, z.ZodType> | undefined)?.[res.status] ?? contract.answer) as z.ZodType;
  const parsed = schema.safeParse(res.data);
  if (!parsed.success) {
    console.warn(`${route.method} ${route.path}: malformed answer`, parsed.error.issues);
    throw new Error(MALFORMED_ANSWER);
  }
  return parsed.data as AnswerOf<R>;
}

function errorText(e: unknown): string {
  return e instanceof Error && e.message === MALFORMED_ANSWER ? MALFORMED_ANSWER : apiErrorText(e);
}

/** Empty filters ('' or undefined) are not sent. */
function withoutBlanks<R extends Route>(input: CallInput<R>): CallInput<R> {
  const query = (input as { query?: Record<string, unknown> }).query;
  if (!query) return input;
  return { ...input, query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) };
}

/** One GET's parsed answer; `route` null loads nothing (a detail not chosen yet). */
export function useAdminData<R extends Route<'GET'>>(route: R | null, input: CallInput<R>) {
  const [data, setData] = useState<AnswerOf<R> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(input);
  useEffect(() => {
    if (route === null) return;
    let live = true;
    setLoading(true);
    callParsed(route, withoutBlanks(JSON.parse(key) as CallInput<R>))
      .then((answer) => {
        if (!live) return;
        setData(answer);
        setError(null);
      })
      .catch((e: unknown) => live && setError(errorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [route, key, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, loading, reload };
}

/** Sends a change; answers the error text, or null when it went through. */
export async function adminSend<R extends Route>(route: R, input: CallInput<R>): Promise<string | null> {
  try {
    await callParsed(route, input);
    return null;
  } catch (e) {
    return errorText(e);
  }
}

/** A 422's first message per field (`{message, errors: {field: [..]}}`, docs/product.md §8); none for other failures. */
function fieldErrorsOf(e: unknown): Record<string, string> {
  const errors = refusalOf(e)?.errors ?? {};
  return Object.fromEntries(Object.entries(errors).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])));
}

/**
 * Sends a change and answers its parsed body, or the error text and each refused field's message:
 * for a change whose answer the page reads on, or whose form marks the fields the server refused.
 */
export async function adminSendFor<R extends Route>(route: R, input: CallInput<R>): Promise<{ data: AnswerOf<R>; error: null; fields: null } | { data: null; error: string; fields: Record<string, string> }> {
  try {
    return { data: await callParsed(route, input), error: null, fields: null };
  } catch (e) {
    return { data: null, error: errorText(e), fields: fieldErrorsOf(e) };
  }
}
