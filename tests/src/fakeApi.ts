import { BALANCE_HEADER, BALANCE_VERSION_HEADER } from '../../core/protocol/balance.ts';

// The network edge of the client's unit tests: the browser's fetch answered in process, so every
// call goes through the real HTTP client (src/api/http.ts: token, balance, refusals, the refresh on a
// 401) and only the server is scripted. `scriptFetch` takes one function answering every call;
// `fakeApi` answers by path from a table of handlers and records each call (path and JSON body),
// 404 without a handler. The journeys use the real server.

/** A call as it left the client. */
export interface SentCall {
  method: string;
  /** The address as the client gave it to fetch. */
  href: string;
  /** The path, without the query. */
  url: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body parsed, a file as its Blob, undefined when none. */
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  /** JSON, or a Blob sent under its own type; undefined for an empty body. */
  data?: unknown;
  /** The balance the answer carries in its headers, as the server's (server/plugins/balanceHeaders.ts). */
  balance?: { coins: number; version: number };
}

/** Makes the browser's fetch answer with `answer` until the returned function puts it back. */
export function scriptFetch(answer: (call: SentCall) => FakeAnswer | Promise<FakeAnswer>): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://shop.test');
    const body = init.body instanceof Blob ? init.body : init.body === undefined ? undefined : JSON.parse(String(init.body));
    const reply = await answer({ method: init.method ?? 'GET', href: String(input), url: url.pathname, query: url.searchParams, headers: new Headers(init.headers), body });
    const headers = new Headers(reply.balance ? { [BALANCE_HEADER]: reply.balance.coins.toFixed(2), [BALANCE_VERSION_HEADER]: String(reply.balance.version) } : {});
    if (reply.data === undefined) return new Response(null, { status: reply.status, headers });
    if (reply.data instanceof Blob) {
      // The page's Blob may be the DOM library's (jsdom), not the one this Response reads: send its bytes.
      headers.set('Content-Type', reply.data.type || 'application/octet-stream');
      return new Response(await reply.data.arrayBuffer(), { status: reply.status, headers });
    }
    headers.set('Content-Type', 'application/json; charset=utf-8');
    return new Response(JSON.stringify(reply.data), { status: reply.status, headers });
  };
  return () => {
    globalThis.fetch = original;
  };
}

export type FakeHandlers = Record<string, (body: { [key: string]: unknown } | undefined) => FakeAnswer>;

export function fakeApi() {
  const calls: { url: string; body: unknown }[] = [];
  const handlers: FakeHandlers = {};
  let restore = () => {};
  return {
    calls,
    handlers,
    /** Starts answering with `next` (the calls so far are forgotten). */
    install(next: FakeHandlers) {
      calls.length = 0;
      for (const key of Object.keys(handlers)) delete handlers[key];
      Object.assign(handlers, next);
      restore();
      restore = scriptFetch(({ url, body }) => {
        calls.push({ url, body });
        return handlers[url]?.(body as { [key: string]: unknown } | undefined) ?? { status: 404, data: { message: 'Not found' } };
      });
    },
    restore() {
      restore();
      restore = () => {};
    },
  };
}
