import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../core/protocol/routeTable.ts';
import * as consoleContracts from '../../core/protocol/routes/schemas/admin.ts';
import type { RegisteredRoute } from '../../server/http/responseContract.ts';
import { createTestApp } from '../helpers/testApp.ts';
import type { Entry } from '../../server/http/route.ts';

// One route table (core/protocol/routes/, docs/architecture.md "Route contract"): the client writes
// no address of its own, the browser never loads the joined table, and the server registers every
// entry as the table declares it.

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

/** Code lines (comments left out) of src/ and scenes/ matching `pattern`, as "file: line". */
function offenders(pattern: RegExp): string[] {
  return [...sources(path.join(ROOT, 'src')), ...sources(path.join(ROOT, 'scenes'))].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && pattern.test(line))
      .map((line) => `${path.relative(ROOT, file)}: ${line.trim()}`),
  );
}

/** Registered but deliberately not in the table (core/protocol/routeTable.ts says why). */
const LEFT_OUT = [
  /^\/api\/payments\//,
  /^\/api\/kyc\/:provider\/callback$/,
  /^\/social\/(:provider\/redirect|steam\/callback|.+\/callback)$/,
  /^\/api\/email\/verify\//,
  /^\/api\/profile\/email\/confirm$/,
  /^\/api\/art\//,
  /^\/api\/battles\/bots\/:file$/,
  /^\/api\/(health|ready)$/,
  /^\/api\/docs/,
];
/** Table entries this test's app does not register: the sandbox gateway's and KYC provider's, on only when they are configured. */
const CONFIGURED_ONLY = /^\/api\/sandbox\//;

describe('the route table', () => {
  it('is the only place an API address is written: no /api/, /oauth/, /broadcasting/ or /social/handle string in src/ or scenes/', () => {
    // The social sign-in's /social/{provider}/redirect is a page the browser goes to, not a call.
    expect(offenders(/['"`]\/(api\/|oauth\/|broadcasting\/|social\/handle)/)).toEqual([]);
  });

  it('reaches the browser only as addresses: src/ imports neither the joined table nor a contract module but the console\'s', () => {
    expect(offenders(/core\/protocol\/routeTable\.ts/)).toEqual([]);
    expect(offenders(/routes\/schemas\/(?!admin\.ts)/)).toEqual([]);
  });

  it("reads the console's answers as the wire carries them: no Date in a schema the browser parses", () => {
    // JSON carries a time as its ISO string; a z.date() there refuses every working answer and the
    // console shows 'cannot read' (src/features/admin/adminApi.ts parses each answer).
    const dates: string[] = [];
    const walk = (schema: unknown, at: string, seen: Set<unknown>): void => {
      const def = (schema as { _zod?: { def: Record<string, unknown> } } | undefined)?._zod?.def;
      if (!def || seen.has(schema)) return;
      seen.add(schema);
      if (def.type === 'date') dates.push(at);
      for (const [key, inner] of Object.entries((def.shape ?? {}) as Record<string, unknown>)) walk(inner, `${at}.${key}`, seen);
      for (const key of ['element', 'innerType', 'in', 'out', 'valueType', 'left', 'right']) walk(def[key], at, seen);
      for (const option of (def.options ?? []) as unknown[]) walk(option, at, seen);
      if (typeof def.getter === 'function') walk((def.getter as () => unknown)(), at, seen);
    };
    for (const [name, contract] of Object.entries(consoleContracts) as [string, { answer: unknown; others?: Record<number, unknown> }][]) {
      walk(contract.answer, name, new Set());
      for (const [status, other] of Object.entries(contract.others ?? {})) walk(other, `${name} ${status}`, new Set());
    }
    expect(dates).toEqual([]);
  });

  it('gives every route one address', () => {
    const addresses = Object.values(routes).map((r) => `${r.method} ${r.path}`);
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  describe('as the server registers it', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await createTestApp({ CRASH_ENABLED: 'true', WHEEL_ENABLED: 'true' });
    });
    afterAll(async () => {
      await app.close();
    });

    it('registers every entry at its address with its contract, and nothing the table lacks but the routes left out', () => {
      const registered = new Map<string, RegisteredRoute>(app.registeredRoutes.filter((r) => r.method !== 'HEAD').map((r) => [`${r.method} ${r.url}`, r]));
      const missing: string[] = [];
      for (const [name, entry] of Object.entries(routes) as [string, Entry][]) {
        const found = registered.get(`${entry.method} ${entry.path}`);
        if (!found) {
          if (!CONFIGURED_ONLY.test(entry.path)) missing.push(name);
          continue;
        }
        const schema = found.schema as { params?: unknown; querystring?: unknown; body?: unknown; response: Record<number, unknown> };
        expect(schema.params, name).toBe(entry.params);
        expect(schema.querystring, name).toBe(entry.query);
        // A round game's bet body is bounded by the server's settings (server/routes/api/crash.ts, wheel.ts).
        if (!['crashBet', 'wheelBet'].includes(name)) expect(schema.body, name).toBe(entry.body);
        expect(schema.response[entry.status ?? 200], name).toBe(entry.answer);
        for (const [status, other] of Object.entries(entry.others ?? {})) expect(schema.response[Number(status)], `${name} ${status}`).toBe(other);
      }
      expect(missing).toEqual([]);
      const inTable = new Set(Object.values(routes).map((r) => `${r.method} ${r.path}`));
      const outside = [...registered.keys()].filter((key) => /^\S+ \/(api|oauth|broadcasting|social)\//.test(key) && !inTable.has(key) && !LEFT_OUT.some((re) => re.test(key.split(' ')[1]!)));
      expect(outside).toEqual([]);
    });
  });
});
