import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { api } from './http.ts';
import { fillPath, type AnswerOf, type CallInput, type Route } from '../../core/protocol/route.ts';

// The typed client: every call names its route-table entry (core/protocol/routes/<area>.ts), which
// gives the method and the path; the path's parameters, the query and the body are typed by the
// entry's schemas and the answer by its answer schema. It sends through the one axios instance
// (src/api/http.ts), so its interceptors (token, tracking link, balance, auth refresh) apply.
// Nothing is parsed here: a player's page takes the answer as typed (docs/architecture.md,
// "Route contract"); the console parses (src/features/admin/adminApi.ts).

/** Sends a call and answers the whole response (for its headers: the balance version). */
export function callResponse<R extends Route>(route: R, input: CallInput<R>, config: AxiosRequestConfig = {}): Promise<AxiosResponse<AnswerOf<R>>> {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: unknown; body?: unknown };
  // A file goes as its raw bytes under its own type (axios would otherwise label it a form).
  const file = body instanceof Blob ? { headers: { ...config.headers, 'Content-Type': body.type || 'application/octet-stream' } } : {};
  return api.request<AnswerOf<R>>({ ...config, ...file, method: route.method, url: fillPath(route.path, params), params: query, data: body });
}

/** Sends a call and answers its body. */
export async function call<R extends Route>(route: R, input: CallInput<R>, config?: AxiosRequestConfig): Promise<AnswerOf<R>> {
  return (await callResponse(route, input, config)).data;
}
