// The peer of the browser benches: the open-source plinko game AnsonH/plinko-game, built by whoever
// runs the bench (none of its code is in this repository; bench/README.md, "The peer", has the
// steps) and named by PEER_PLINKO_DIR, its vite build's output folder. It is served here the way a
// static host serves a site (compressed, hashed assets cached for good, the rest revalidated), on a
// port of its own, so Lighthouse and the frame probe measure it beside the product in the same run.
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

export const PEER_NAME = 'AnsonH/plinko-game';

/** A build folder served on a port of its own (the peer's, or bench/bytes' floor page). */
export interface ServedBuild {
  origin: string;
  /** The page that plays: its single page. */
  url: string;
  stop(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg', '.txt']);

/** The one line a bench prints when the peer is not set up, so a table without it says why. */
export function peerNotMeasured(): string {
  return `the peer (${PEER_NAME}) was not measured: set PEER_PLINKO_DIR to its built folder (bench/README.md, "The peer")`;
}

/** Serves the peer's build on `port`, or returns null when PEER_PLINKO_DIR is not set. */
export async function startPeer(port: number): Promise<ServedBuild | null> {
  const dir = process.env.PEER_PLINKO_DIR;
  if (!dir) return null;
  if (!existsSync(path.join(path.resolve(dir), 'index.html'))) throw new Error(`PEER_PLINKO_DIR=${dir} has no index.html: point it at the peer's build output (its 'build' folder)`);
  // SvelteKit puts content-hashed files under _app/immutable.
  return serveBuild(dir, port, (pathname) => pathname.includes('/_app/immutable/'));
}

/**
 * Serves a single-page build folder on `port` as a static host would: brotli when asked for,
 * `immutable(pathname)` files cached for good, the rest revalidated, unknown paths answered with index.html.
 */
export async function serveBuild(dir: string, port: number, immutable: (pathname: string) => boolean): Promise<ServedBuild> {
  const root = path.resolve(dir);
  // Compressed once per file, as a CDN keeps it: the measurement should not pay for compression.
  const bodies = new Map<string, { raw: Buffer; br: Buffer | null }>();
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://peer').pathname);
    let file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) file = path.join(root, 'index.html');
    const ext = path.extname(file);
    let body = bodies.get(file);
    if (!body) {
      const raw = readFileSync(file);
      body = { raw, br: COMPRESSIBLE.has(ext) ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : null };
      bodies.set(file, body);
    }
    const brotli = body.br !== null && /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': immutable(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(brotli ? { 'content-encoding': 'br' } : {}),
    });
    response.end(brotli ? body.br : body.raw);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: `${origin}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
