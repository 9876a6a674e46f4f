import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { api } from '../../src/api/http.ts';
import { BALANCE_HEADER, BALANCE_VERSION_HEADER } from '../../core/protocol/balance.ts';

// The client's axios instance answered in process: each call is recorded (url and JSON body) and
// answered by the handler of its url (404 without one), errors thrown as axios throws them. For
// the hooks' unit tests (useCrashBetting, useWheelBetting); the journeys use the real server.

export interface FakeAnswer {
  status: number;
  data: unknown;
  /** The balance the answer carries in its headers, as the server's (server/plugins/balanceHeaders.ts). */
  balance?: { coins: number; version: number };
}

export type FakeHandlers = Record<string, (body: { [key: string]: unknown } | undefined) => FakeAnswer>;

export function fakeApi() {
  const calls: { url: string; body: unknown }[] = [];
  const handlers: FakeHandlers = {};
  const original = api.defaults.adapter;
  const reply = (config: InternalAxiosRequestConfig, answer: FakeAnswer): AxiosResponse => ({
    data: answer.data,
    status: answer.status,
    statusText: String(answer.status),
    headers: answer.balance ? { [BALANCE_HEADER]: answer.balance.coins.toFixed(2), [BALANCE_VERSION_HEADER]: String(answer.balance.version) } : {},
    config,
  });
  const adapter: AxiosAdapter = async (config) => {
    const url = config.url ?? '';
    const body = config.data ? JSON.parse(String(config.data)) : undefined;
    calls.push({ url, body });
    const answer = handlers[url]?.(body) ?? { status: 404, data: { message: 'Not found' } };
    if (answer.status >= 400) throw Object.assign(new Error(`HTTP ${answer.status}`), { config, response: reply(config, answer), isAxiosError: true });
    return reply(config, answer);
  };
  return {
    calls,
    handlers,
    /** Starts answering with `next` (the calls so far are forgotten). */
    install(next: FakeHandlers) {
      calls.length = 0;
      for (const key of Object.keys(handlers)) delete handlers[key];
      Object.assign(handlers, next);
      api.defaults.adapter = adapter;
    },
    restore() {
      api.defaults.adapter = original;
    },
  };
}
