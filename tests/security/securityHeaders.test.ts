import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../helpers/testApp.ts';
import { testConfig } from '../helpers/testConfig.ts';
import { CODE_AFTER_PAINT_SOURCE, contentSecurityPolicy, SERVICE_WORKER_BOOT_SOURCE, SESSION_MARK_SOURCE } from '../../server/plugins/securityHeaders.ts';
import { createHash } from 'node:crypto';
import { SESSION_MARK_SCRIPT } from '../../core/sessionMark.ts';
import { CODE_AFTER_PAINT_SCRIPT } from '../../core/codeAfterPaint.ts';
import { SERVICE_WORKER_BOOT_SCRIPT } from '../../core/serviceWorkerBoot.ts';

// Every answer carries security headers, HSTS in production only. A page or file: a CSP without
// inline or eval'd script that frames nothing and is framed by nobody, nosniff, a referrer policy, a
// permissions policy. A JSON answer (data, errors, 404s): an API's, a CSP that loads nothing and is
// framed by nobody, nosniff. The browser side is tests/e2e/securityHeaders.spec.ts.

const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('security headers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("allows three inline scripts by their hashes: index.html's session mark and service worker registration, and the prerendered pages' code loader", () => {
    expect(SESSION_MARK_SOURCE).toBe(`'sha256-${createHash('sha256').update(SESSION_MARK_SCRIPT).digest('base64')}'`);
    expect(SERVICE_WORKER_BOOT_SOURCE).toBe(`'sha256-${createHash('sha256').update(SERVICE_WORKER_BOOT_SCRIPT).digest('base64')}'`);
    expect(CODE_AFTER_PAINT_SOURCE).toBe(`'sha256-${createHash('sha256').update(CODE_AFTER_PAINT_SCRIPT).digest('base64')}'`);
    expect(directives(contentSecurityPolicy(testConfig()))['script-src']).not.toContain("'unsafe-inline'");
  });

  it("are on every page and file answer: the shop's CSP, framed by nobody, nosniff, referrer and permissions policies", async () => {
    for (const res of [await app.inject('/api/docs'), await app.inject('/no-such-file.png')]) {
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp['script-src']).toEqual(["'self'", SESSION_MARK_SOURCE, SERVICE_WORKER_BOOT_SOURCE, CODE_AFTER_PAINT_SOURCE]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined(); // not in development
    }
  });

  it("JSON answers (data, validation errors, 404s) carry an API's: nothing loads from them, nobody frames them, no sniffing", async () => {
    for (const res of [await app.inject('/api/health'), await app.inject({ method: 'POST', url: '/api/auth/register', payload: {} }), await app.inject('/api/nothing-here')]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      for (const documentOnly of ['referrer-policy', 'permissions-policy', 'cross-origin-opener-policy', 'strict-transport-security']) expect(res.headers[documentOnly]).toBeUndefined();
    }
  });

  it('HSTS in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', APP_SECRET: 'p'.repeat(40), PUSHER_SECRET: 'q'.repeat(20) });
    try {
      for (const url of ['/api/health', '/api/docs']) expect((await production.inject(url)).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await production.close();
    }
  });

  it('connect-src names the websocket hosts players are sent to; reCAPTCHA only when it is on', () => {
    const csp = directives(contentSecurityPolicy(testConfig({ PUSHER_PUBLIC_HOST: 'ws.example.com', PUSHER_PUBLIC_PORT: '443', PUSHER_PUBLIC_TLS: 'true', SOCKET_URL: 'https://games.example.com' })));
    expect(csp['connect-src']).toEqual(["'self'", 'https://ws.example.com', 'wss://ws.example.com', 'https://games.example.com', 'wss://games.example.com']);
    expect(csp['script-src']).toEqual(["'self'", SESSION_MARK_SOURCE, SERVICE_WORKER_BOOT_SOURCE, CODE_AFTER_PAINT_SOURCE]);
    expect(csp['frame-src']).toEqual(["'none'"]);
    const withCaptcha = directives(contentSecurityPolicy(testConfig({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 's', RECAPTCHA_SECRET: 't' })));
    expect(withCaptcha['script-src']).toContain('https://www.google.com/recaptcha/');
    expect(withCaptcha['script-src']).not.toContain("'unsafe-inline'");
    expect(withCaptcha['frame-src']).toContain('https://www.google.com/recaptcha/');
  });
});
