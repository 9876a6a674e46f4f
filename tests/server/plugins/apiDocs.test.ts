import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { loadConfig } from '../../../server/config.ts';
import { API_DOCS_PREFIX } from '../../../server/plugins/apiDocs.ts';
import { CODE_AFTER_PAINT_SOURCE, SERVICE_WORKER_BOOT_SOURCE, SESSION_MARK_SOURCE } from '../../../server/plugins/securityHeaders.ts';
import { responseSerializer } from '../../../server/http/responseContract.ts';
import { fillPath, openApiRoutes, type OpenApiDocument } from '../../security/openApiRoutes.ts';

// The OpenAPI document is generated from the routes' zod schemas: every registered route is in it
// with its parameters, body and 2xx answer; it is served with its viewer under /api/docs (not in
// production unless API_DOCS), under the shop's strict CSP. Outside production a response schema
// that would drop a field the handler returned is an error, not a silent loss.

let app: FastifyInstance;
let doc: OpenApiDocument;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  doc = app.swagger() as unknown as OpenApiDocument;
});
afterAll(() => app.close());

const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('lists every registered route with its parameters, body and a 2xx (or redirect) answer', () => {
    // The built client's files (when dist/client exists) are hidden from the document by @fastify/static.
    const routes = app.registeredRoutes.filter((r) => r.method !== 'HEAD' && !r.url.startsWith(API_DOCS_PREFIX) && !(r.schema as { hide?: boolean }).hide);
    expect(routes.length).toBeGreaterThan(80);
    for (const route of routes) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url} is missing`).toBeDefined();
      const answers = Object.keys(operation!.responses ?? {});
      expect(answers.some((code) => /^[23]\d\d$/.test(code)), `${route.method} ${route.url} has no 2xx answer schema (${answers.join(', ')})`).toBe(true);
      expect(answers).toEqual(expect.arrayContaining(['4XX', '5XX']));
      const inPath = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
      const documented = (operation!.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(documented.sort(), `${route.method} ${route.url} path parameters`).toEqual(inPath.sort());
      if (route.schema.body) expect(operation!.requestBody, `${route.method} ${route.url} body`).toBeDefined();
      if (route.schema.querystring) expect((operation!.parameters ?? []).some((p) => p.in === 'query'), `${route.method} ${route.url} query`).toBe(true);
    }
    // And nothing in the document that is not a route.
    expect(openApiRoutes(doc).length).toBe(routes.length);
  });

  it('a POST without a body (curl -X POST) is an empty object: no route answers that the body itself is missing', async () => {
    const { headers } = await createPlayer(app, { balance: 1_00 });
    const bodiless = openApiRoutes(doc).filter((r) => r.method === 'POST' && r.body);
    expect(bodiless.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of bodiless) {
      const res = await app.inject({ method: 'POST', url: fillPath(route.path, {}), headers });
      const optional = !(route.body!.required ?? []).length && !route.body!.anyOf && !route.body!.oneOf;
      // A body whose fields are all optional is accepted; otherwise the 422 names the missing fields, not the body.
      if (res.statusCode >= 500 || /expected object|received (null|undefined)/i.test(res.body)) failures.push(`${route.path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      else if (optional && res.statusCode === 422) failures.push(`${route.path} (all fields optional): ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('every 422 schema takes the validation shape {message, errors} whole (any input can be refused by validation)', () => {
    const validation = { message: 'The field is not valid.', errors: { field: ['The field is not valid.'] } };
    for (const route of app.registeredRoutes) {
      const schema = ((route.schema.response ?? {}) as Record<string, unknown>)['422'];
      if (!(schema instanceof z.ZodType)) continue;
      expect(schema.safeEncode(validation as never).data, `${route.method} ${route.url}`).toEqual(validation);
    }
  });

  it('marks the routes that need a bearer token and shares one error schema', () => {
    expect(doc.paths['/api/dice/bet']!.post!.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/health']!.get!.security).toBeUndefined();
    expect(doc.components?.schemas?.ErrorBody).toMatchObject({ type: 'object', required: ['message'] });
  });

  it('carries the payloads of the spec, e.g. the dice answer and the box list', () => {
    const dice = doc.paths['/api/dice/bet']!.post!.responses!['200']!.content!['application/json']!.schema as { properties: { data: { required: string[] } } };
    expect(dice.properties.data.required).toEqual(expect.arrayContaining(['roll', 'win', 'multiplier', 'payout', 'balance', 'nonce', 'server_seed_hash', 'client_seed']));
    const boxes = doc.paths['/api/boxes']!.get!.responses!['200']!.content!['application/json']!.schema as { required: string[] };
    expect(boxes.required).toEqual(['data', 'links', 'meta']);
  });

  it('is served as JSON with its viewer at /api/docs, under the strict CSP, assets from the same origin', async () => {
    const json = await app.inject(`${API_DOCS_PREFIX}/json`);
    expect(json.statusCode).toBe(200);
    expect(json.json().paths['/api/boxes/{slug}/open']).toBeDefined();
    const page = await app.inject(`${API_DOCS_PREFIX}/`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' ${SESSION_MARK_SOURCE} ${SERVICE_WORKER_BOOT_SOURCE} ${CODE_AFTER_PAINT_SOURCE};`);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset.startsWith('./') || asset.startsWith('/'), asset).toBe(true);
      const url = asset.startsWith('./') ? `${API_DOCS_PREFIX}/${asset.slice(2)}` : asset;
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('is not served in production unless API_DOCS says so; the document is built anyway', async () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), PUSHER_SECRET: 'y'.repeat(20) };
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({}).apiDocs).toBe(true);
    const closed = await createTestApp({ API_DOCS: 'false' });
    try {
      expect((await closed.inject(`${API_DOCS_PREFIX}/json`)).statusCode).toBe(404);
      expect((await closed.inject(`${API_DOCS_PREFIX}/`)).statusCode).toBe(404);
      await closed.ready();
      expect(Object.keys((closed.swagger() as unknown as OpenApiDocument).paths).length).toBeGreaterThan(50);
    } finally {
      await closed.close();
    }
  });
});

describe('the response contract', () => {
  const route = { schema: z.object({ data: z.object({ id: z.number() }) }), method: 'GET', url: '/x', httpStatus: '200' };
  it('outside production, refuses an answer that would lose a field to its schema', () => {
    const serialize = responseSerializer(true)(route as never);
    expect(serialize({ data: { id: 1 } })).toBe('{"data":{"id":1}}');
    expect(() => serialize({ data: { id: 1, secret: 'x' } })).toThrow('/data/secret is not in the response schema');
  });
  it('in production, serialises only what the schema lists', () => {
    expect(responseSerializer(false)(route as never)({ data: { id: 1, secret: 'x' } })).toBe('{"data":{"id":1}}');
  });
});
