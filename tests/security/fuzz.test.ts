import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp } from '../helpers/testApp.ts';
import { seedCatalog } from '../helpers/boxes.ts';
import { issueAccessToken } from '../../server/accounts/tokens.ts';
import { SURROGATE_MESSAGE } from '../../core/protocol/text.ts';
import { createStaff } from '../helpers/staff.ts';
import { fillPath, openApiRoutes, type JsonSchema, type OpenApiDocument, type OpenApiRoute } from './openApiRoutes.ts';
import { API_DOCS_PREFIX } from '../../server/plugins/apiDocs.ts';
import { seededRandom } from '../helpers/seededRandom.ts';

// Every operation of the OpenAPI document gets malformed path parameters, queries and bodies
// (wrong types, huge and negative numbers, NaN/Infinity strings, NUL bytes, very long and unicode
// strings, deep objects, arrays, nothing), signed in and not. Whatever it sends: no 5xx, no change
// of balances, ledger, items, withdrawals, invoices or battles from an answer that is not 2xx, no
// unhandled error, and the app answers afterwards. Seeded: FUZZ_SEED replays a run (the seed is
// printed), FUZZ_ROUNDS sends more requests per operation (the default keeps CI under a minute).

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const rounds = Number(process.env.FUZZ_ROUNDS ?? 4);
console.log(`fuzz seed ${seed} (FUZZ_SEED=${seed} replays), ${rounds} rounds per operation`);

const random = seededRandom(seed).next;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const nested = (depth: number): unknown => (depth === 0 ? 'deep' : { a: nested(depth - 1) });
const SCALARS: readonly unknown[] = [
  -1, 0, 1, 1.5, -0.001, 1e308, -1e308, 2 ** 53 + 1, 0.1 + 0.2, 1e-300,
  'NaN', 'Infinity', '-Infinity', '-1', '1e999', '0x10', '１２', '9'.repeat(40), '2026-02-30', '0000-00-00', '1970-01-01T00:00:00Z',
  '', ' ', 'a\u0000b', '\u0000', 'x'.repeat(20_000), '💥🎁', '\uD800', 'Ω≈ç√', '../../etc/passwd', '<script>alert(1)</script>', "' OR 1=1 --", '%00', 'null', 'true',
  null, true, false,
];
const SHAPES: readonly (() => unknown)[] = [() => [], () => [1, 'a', null], () => ({}), () => nested(40), () => Array.from({ length: 2_000 }, (_, i) => i), () => ({ __proto__: { admin: true }, constructor: { prototype: { x: 1 } } })];
const PATH_VALUES: readonly string[] = ['0', '-1', '1.5', 'abc', '99999999999999999999', String(2 ** 53), '999999', 'NaN', 'Infinity', ' ', 'x'.repeat(5_000), '💥', '\u0000', '..', '1e3', '%', 'null'];

const malformedValue = (): unknown => (random() < 0.8 ? pick(SCALARS) : pick(SHAPES)());

/** A body for the schema with some fields malformed, or a whole body of the wrong shape. */
function malformedBody(schema: JsonSchema | undefined): unknown {
  const properties = schema?.properties;
  if (!properties || random() < 0.3) return random() < 0.5 ? pick(SCALARS) : pick(SHAPES)();
  const body: Record<string, unknown> = {};
  for (const name of Object.keys(properties)) if (random() < 0.8) body[name] = malformedValue();
  if (random() < 0.2) body[pick(['extra', '__proto__', 'user_id', 'balance'])] = malformedValue();
  return body;
}

function malformedQuery(route: OpenApiRoute): Record<string, string> {
  const names = [...route.query.map((p) => p.name), ...(random() < 0.3 ? ['page', 'limit', 'filter[name]', 'unknown'] : [])];
  const query: Record<string, string> = {};
  for (const name of names) {
    if (random() < 0.3) continue;
    const value = malformedValue();
    query[name] = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  }
  return query;
}

let app: FastifyInstance;
let player: Awaited<ReturnType<typeof createPlayer>>;
let doc: OpenApiDocument;
const crashes: unknown[] = [];
const clientDir = mkdtempSync(path.join(tmpdir(), 'fuzz-client-'));
const onCrash = (error: unknown) => crashes.push(error);

beforeAll(async () => {
  process.on('unhandledRejection', onCrash);
  process.on('uncaughtException', onCrash);
  // A built client (its index.html) as in production: `..` in a path may land on a client page.
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>shop</title>');
  app = await createTestApp({ CLIENT_DIR: clientDir });
  await seedCatalog(app);
  player = await createPlayer(app, { balance: 500_00, deposited: 500_00 });
  await app.inject({ method: 'POST', url: '/api/boxes/gift-card-grab/open', headers: player.headers, payload: { quantity: 3 } });
  await app.ready();
  doc = app.swagger() as unknown as OpenApiDocument;
});
afterAll(async () => {
  process.off('unhandledRejection', onCrash);
  process.off('uncaughtException', onCrash);
  await app.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** Everything a refused request must leave as it was. */
async function snapshot(): Promise<string> {
  const [balances, ledger, items, withdrawals, invoices, battles] = await Promise.all([
    app.db.selectFrom('accounts').select(['user_id', 'balance']).orderBy('user_id').execute(),
    app.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    app.db.selectFrom('inventory_items').select(['id', 'state', 'user_id']).orderBy('id').execute(),
    app.db.selectFrom('withdrawals').select(['id', 'status']).orderBy('id').execute(),
    app.db.selectFrom('invoices').select(['id', 'status']).orderBy('id').execute(),
    app.db.selectFrom('battles').select(['id', 'status']).orderBy('id').execute(),
  ]);
  return JSON.stringify({ balances, ledger: Number(ledger.n), items, withdrawals, invoices, battles });
}

/** The names of a schema's string fields (top level; a field that may be a string counts). */
function stringFields(schema: JsonSchema | undefined): string[] {
  const takesString = (field: JsonSchema): boolean =>
    field.type === 'string' || (Array.isArray(field.type) && field.type.includes('string')) || [...(field.anyOf ?? []), ...(field.oneOf ?? [])].some(takesString);
  return Object.entries(schema?.properties ?? {}).filter(([, field]) => takesString(field)).map(([name]) => name);
}

describe('a lone UTF-16 surrogate in any text the API takes', () => {
  // Only bodies carry one: a URL is UTF-8, where a lone surrogate cannot be written (clients send U+FFFD).
  it('is refused with 422 naming the field, on every string field of every body of the OpenAPI document', async () => {
    // An admin, so console routes reach validation too (a player is refused before it).
    const admin = await createStaff(app, 'admin');
    const before = await snapshot();
    const failures: string[] = [];
    let checked = 0;
    for (const route of openApiRoutes(doc).filter((r) => !r.path.startsWith(API_DOCS_PREFIX))) {
      const url = fillPath(route.path, {});
      for (const name of route.method === 'GET' ? [] : stringFields(route.body)) {
        const res = await app.inject({ method: route.method as 'POST', url, headers: admin.headers, payload: { [name]: 'a\ud800b' } });
        checked += 1;
        const errors = res.statusCode === 422 ? (res.json() as { errors?: Record<string, string[]> }).errors : undefined;
        if (errors?.[name]?.[0] !== SURROGATE_MESSAGE) failures.push(`${route.method} ${route.path} ${name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
  });
});

describe(`fuzz every route of the OpenAPI document (seed ${seed})`, () => {
  it('answers malformed input without a 5xx and changes nothing on a refusal', async () => {
    const routes = openApiRoutes(doc).filter((r) => !r.path.startsWith(API_DOCS_PREFIX));
    expect(routes.length).toBeGreaterThan(80);
    const failures: string[] = [];
    let before = await snapshot();
    let sent = 0;
    for (const route of routes) {
      for (let round = 0; round < rounds; round += 1) {
        const signedIn = route.secured ? random() < 0.75 : random() < 0.5;
        const params = Object.fromEntries(route.pathParams.map((name) => [name, pick(PATH_VALUES)]));
        const url = fillPath(route.path, params);
        const query = malformedQuery(route);
        const hasBody = route.method !== 'GET';
        const body = hasBody ? malformedBody(route.body) : undefined;
        const asForm = hasBody && random() < 0.1;
        const res = await app.inject({
          method: route.method as 'GET' | 'POST',
          url,
          query,
          headers: {
            ...(signedIn ? player.headers : {}),
            ...(hasBody ? { 'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json' } : {}),
          },
          ...(hasBody ? { payload: asForm ? new URLSearchParams(query).toString() : JSON.stringify(body) ?? '' } : {}),
        });
        sent += 1;
        const label = `${route.method} ${url.slice(0, 120)} ${signedIn ? '(signed in)' : ''} query=${JSON.stringify(query).slice(0, 200)} body=${String(JSON.stringify(body)).slice(0, 200)}`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${label}: ${res.body.slice(0, 200)}`);
        const after = await snapshot();
        if (res.statusCode >= 300 && after !== before) failures.push(`state changed on ${res.statusCode} ${label}`);
        before = after;
        // A malformed request may still sign the player out (logout takes no input): sign in again.
        if (route.path === '/api/profile/logout' && res.statusCode === 200) {
          const { token } = await issueAccessToken(app.db, player.id, app.config.oauth.clientId, 3600);
          player = { ...player, token, headers: { authorization: `Bearer ${token}` } };
        }
      }
    }
    // Malformed percent-encoding in the path itself.
    for (const url of ['/api/boxes/%E0%A4%A', '/api/boxes/%', '/api/profile/inventory/%ZZ/sell', '/api/%00']) {
      const res = await app.inject({ method: 'GET', url, headers: player.headers });
      if (res.statusCode >= 500) failures.push(`${res.statusCode} GET ${url}`);
    }
    console.log(`fuzz: ${sent} requests over ${routes.length} operations`);
    expect(failures, `seed ${seed}`).toEqual([]);
    expect(crashes).toEqual([]);
    expect((await app.inject('/api/health')).statusCode).toBe(200);
  }, Math.max(120_000, rounds * 60_000));
});
