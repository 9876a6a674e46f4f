import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';
import { SESSION_MARK_SCRIPT } from '../../core/sessionMark.ts';
import { CODE_AFTER_PAINT_SCRIPT } from '../../core/codeAfterPaint.ts';
import { SERVICE_WORKER_BOOT_SCRIPT } from '../../core/serviceWorkerBoot.ts';

// Security headers on every answer (docs/security.md). The CSP allows no inline or injected
// script but three, by their hashes: index.html's session mark (core/sessionMark.ts), which must run
// before the first paint, its service worker's registration and install offer
// (core/serviceWorkerBoot.ts), and the prerendered pages' loader of their code after it
// (core/codeAfterPaint.ts); the rest of the client is Vite's bundled modules. What the client needs besides its own origin:
// data:/blob: images and Pixi's texture-loading workers (blob:), bundled fonts, websockets to the
// same origin and to PUSHER_PUBLIC_HOST / SOCKET_URL when those point elsewhere, and Google's
// reCAPTCHA script and frame when that provider is on. Styles may be inline: the page body and
// some libraries set style attributes, and styles cannot run code.

/** `https://socket.example:443/path` → the origins (http(s) and ws(s)) a browser connects to. */
function socketOrigins(url: string): string[] {
  try {
    const parsed = new URL(url);
    const secure = parsed.protocol === 'https:' || parsed.protocol === 'wss:';
    return [`${secure ? 'https' : 'http'}://${parsed.host}`, `${secure ? 'wss' : 'ws'}://${parsed.host}`];
  } catch {
    return [];
  }
}

/** Where the login challenge's widget loads its script, frame, styles and calls from (each provider's documented origins). */
const LOGIN_CAPTCHA_ORIGINS: Record<Config['accounts']['loginCaptcha']['provider'], string[]> = {
  none: [],
  turnstile: ['https://challenges.cloudflare.com'],
  hcaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
};

const scriptSource = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
/** The CSP source allowing exactly index.html's session mark. */
export const SESSION_MARK_SOURCE = scriptSource(SESSION_MARK_SCRIPT);
/** The CSP source allowing exactly the prerendered pages' loader of their code. */
export const CODE_AFTER_PAINT_SOURCE = scriptSource(CODE_AFTER_PAINT_SCRIPT);
/** The CSP source allowing exactly index.html's service worker registration and install offer. */
export const SERVICE_WORKER_BOOT_SOURCE = scriptSource(SERVICE_WORKER_BOOT_SCRIPT);

export function contentSecurityPolicy(config: Config): string {
  const connect = ["'self'"];
  const { publicHost, publicPort, publicTls } = config.pusher;
  if (publicHost) connect.push(...socketOrigins(`${publicTls ? 'wss' : 'ws'}://${publicHost}${publicPort ? `:${publicPort}` : ''}`));
  if (config.socketUrl) connect.push(...socketOrigins(config.socketUrl));
  const recaptcha = config.captcha.provider === 'recaptcha';
  const challenge = LOGIN_CAPTCHA_ORIGINS[config.accounts.loginCaptcha.provider];
  const script = ["'self'", SESSION_MARK_SOURCE, SERVICE_WORKER_BOOT_SOURCE, CODE_AFTER_PAINT_SOURCE, ...(recaptcha ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : []), ...challenge];
  const frames = [...(recaptcha ? ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] : []), ...challenge];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': script,
    'style-src': ["'self'", "'unsafe-inline'", ...challenge],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'connect-src': [...new Set(connect), ...(recaptcha ? ['https://www.google.com/recaptcha/'] : []), ...challenge],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': frames.length ? frames : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function installSecurityHeaders(app: FastifyInstance): void {
  // HSTS only in production: a development server on http://localhost must not pin https.
  const transport: Record<string, string> = app.config.env === 'production' ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {};
  const documentHeaders = Object.entries({
    'content-security-policy': contentSecurityPolicy(app.config),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)',
    'cross-origin-opener-policy': 'same-origin',
    ...transport,
  });
  // A JSON answer is data, never a page: it loads nothing, so a policy of what a page may load,
  // refer, use or open says nothing for it. It gets what an API sends (OWASP's REST security sheet):
  // nothing may load from it if it is ever opened as a document, nobody frames it, no sniffing it
  // into another type. The API's answers are most of the server's writes: 0.6 KB less each (an answer's
  // headers 1,019 → 412 bytes in production), a few µs less of the HTTP thread (bench/boxes/README.md).
  const dataHeaders = Object.entries({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...transport,
  });
  // A callback hook: no promise per request. onSend runs for every answer, errors and 404s included.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    for (const [name, value] of typeof type === 'string' && type.startsWith('application/json') ? dataHeaders : documentHeaders) reply.header(name, value);
    done(null, payload);
  });
}
