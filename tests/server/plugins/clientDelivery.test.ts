import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress.ts';
import { createTestApp } from '../../helpers/testApp.ts';

// Delivery of the built client (server/plugins/client.ts, scripts/precompress.ts): the build's
// precompressed files per Accept-Encoding, a year of caching for hashed assets, index.html
// revalidated by its ETag.
const dir = mkdtempSync(path.join(tmpdir(), 'shop-client-'));
const script = `export const page = ${JSON.stringify('x'.repeat(4000))};\n`;
const html = `<!doctype html><html><head><title>Shop</title></head><body>${'<div></div>'.repeat(300)}</body></html>`;
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'main-AbC123.js'), script);
  writeFileSync(path.join(dir, 'assets', 'tiny-AbC123.js'), 'export {};\n');
  writeFileSync(path.join(dir, 'index.html'), html);
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{"secret-build-map":true}');
  await precompressDir(dir);
  app = await createTestApp({ CLIENT_DIR: dir });
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('client delivery', () => {
  it('sends the brotli file to a client that accepts br', async () => {
    const res = await app.inject({ url: '/assets/main-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip without br, and the plain file without either', async () => {
    const gz = await app.inject({ url: '/assets/main-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/main-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves a file too small to compress as it is', async () => {
    const res = await app.inject({ url: '/assets/tiny-AbC123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });

  it('caches hashed assets for a year, immutable', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await app.inject({ url: '/assets/main-AbC123.js', headers: { 'accept-encoding': encoding } });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers a missing asset 404, not the page', async () => {
    const res = await app.inject({ url: '/assets/gone-XyZ.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
  });

  it('sends the page compressed, no-cache, with an ETag that answers 304', async () => {
    for (const url of ['/', '/dice', '/boxes/some-box']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
      const etag = res.headers.etag;
      expect(etag).toBeTruthy();
      const again = await app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const stale = await app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': 'W/"other"' } });
      expect(stale.statusCode).toBe(200);
    }
  });

  it("does not serve the build's manifest (read by scripts/budgets.ts only)", async () => {
    const res = await app.inject({ url: '/.vite/manifest.json' });
    expect(res.body).not.toContain('secret-build-map');
  });

  it('still answers unknown API paths with JSON 404', async () => {
    const res = await app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found' });
  });
});
