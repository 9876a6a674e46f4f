import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../helpers/testApp.ts';
import { loadConfig, ConfigError } from '../../server/config.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('system routes', () => {
  it('answers liveness and readiness', async () => {
    expect((await app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: 'pglite' });
  });

  it('serves the public configuration the client needs', async () => {
    const res = await app.inject('/api/config');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.pusher).toMatchObject({ key: 'shop-key', auth_endpoint: '/broadcasting/auth' });
    expect(body.oauth).toMatchObject({ client_id: '2' });
    expect(body.captcha).toEqual({ provider: 'none', site_key: '' });
    expect(Array.isArray(body.social_providers)).toBe(true);
  });

  it('answers an unknown /api path with 404 JSON', async () => {
    const res = await app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found' });
  });

  it("tags every response with a request id, a trusted proxy's kept, a client's replaced", async () => {
    // Without TRUST_PROXY anyone could pick the id their requests are logged under (docs/operations.md, "Logs").
    const res = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await app.inject('/api/health')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const behindProxy = await createTestApp({ TRUST_PROXY: '1' });
    try {
      expect((await behindProxy.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } })).headers['x-request-id']).toBe('abc-123');
      expect((await behindProxy.inject({ url: '/api/health', headers: { 'x-request-id': 'a b\nc' } })).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('configuration', () => {
  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', CAPTCHA_PROVIDER: 'other' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', CAPTCHA_PROVIDER: 'other' });
    } catch (error) {
      expect(String((error as Error).message)).toMatch(/PORT/);
      expect(String((error as Error).message)).toMatch(/CAPTCHA_PROVIDER/);
    }
  });

  it('refuses development secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
  });

  it('picks PostgreSQL when DATABASE_URL is set, PGlite under DATA_DIR otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' }).database.kind).toBe('postgres');
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).database).toEqual({ kind: 'pglite', dataDir: '/tmp/x/pglite', sharedBuffers: '128MB' });
    for (const size of ['16MB', '128kB', '1GB']) expect(loadConfig({ DATA_DIR: '/tmp/x', PGLITE_SHARED_BUFFERS: size }).database).toMatchObject({ sharedBuffers: size });
    for (const size of ['16', '0MB', '16 MB', '16MB; drop table users', '64kB', '2GB']) expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: size })).toThrow(/PGLITE_SHARED_BUFFERS/);
  });

  it('lets PUBLIC_URL follow HOST and PORT when unset, so mail and referral links reach this server', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '4100' }).payments.publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '192.168.1.20', PORT: '8080' }).publicUrl).toBe('http://192.168.1.20:8080');
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).publicUrl).toBe('http://[::1]:8080');
    expect(loadConfig({ HOST: '::', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '4100', PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
  });
});
