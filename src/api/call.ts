import { send, type ApiResponse } from './http.ts';
import { fillPath, type AnswerOf, type CallInput, type Route } from '../../core/protocol/route.ts';

// The typed client: every call names its route-table entry (core/protocol/routes/<area>.ts), which
// gives the method and the path; the path's parameters, the query and the body are typed by the
// entry's schemas and the answer by its answer schema (a file answer arrives as a Blob). It sends
// through the one HTTP client (src/api/http.ts), so the token, the tracking link, the balance and
// the refresh on a 401 apply. Nothing is parsed here: a player's page takes the answer as typed
// (docs/architecture.md, "Route contract"); the console parses (src/features/admin/adminApi.ts).

/** Headers a call adds to the client's own (an Accept other than JSON, a captcha's token). */
export interface CallOptions {
  headers?: Record<string, string>;
}

/** Sends a call and answers the whole response (for its status and headers: the balance version). */
export function callResponse<R extends Route>(route: R, input: CallInput<R>, options: CallOptions = {}): Promise<ApiResponse<AnswerOf<R>>> {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
  return send<AnswerOf<R>>({ method: route.method, path: fillPath(route.path, params), query, body, headers: options.headers });
}

/** Sends a call and answers its body. */
export async function call<R extends Route>(route: R, input: CallInput<R>, options?: CallOptions): Promise<AnswerOf<R>> {
  return (await callResponse(route, input, options)).data;
}
