import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local captcha verifier speaking the siteverify protocol that reCAPTCHA, Cloudflare Turnstile
// and hCaptcha share: a form POST of secret, response and remoteip, answered with JSON. `verdict`
// decides each answer; every form received is kept in `seen`.

export interface SiteverifyServer {
  /** The verify URL under this server (any path answers). */
  url(path: string): string;
  seen: URLSearchParams[];
  close(): Promise<void>;
}

export async function startSiteverifyServer(verdict: (form: URLSearchParams) => object): Promise<SiteverifyServer> {
  const seen: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      seen.push(form);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(verdict(form)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
