import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PAGE_DATA_ID, PAGE_SLOT } from '../../core/pageData.ts';
import { API_PREFIXES, isApiPath } from '../../core/apiPaths.ts';
import { escapeHtml, jsonForScript } from '../http/html.ts';

// Serves the Vite-built client. Unknown API-like paths answer 404 JSON; any other GET path gets
// index.html so the client router renders the page (or its own 404 page).
// The build writes .br and .gz beside each file (scripts/precompress.ts), sent as they are.
// Hashed /assets/* never change under their name: cached for a year. Everything else (index.html,
// favicon) is revalidated each time by its ETag, so a deploy shows at once (docs/performance.md).
export { API_PREFIXES };

const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface PrerenderedPage {
  /** The copy of index.html the build wrote for this path, under the client's folder. */
  file: string;
  /**
   * The page's code (its entry and every modulepreload, its own chunks included) is asked for only
   * after its first paint (core/codeAfterPaint.ts): on a page whose largest paint is the prerendered
   * one, the first paint then shares the network with no script, and Lighthouse's simulated LCP no
   * longer counts the scripts' bytes (docs/performance.md, "Code after the first paint"). Every page
   * has it today; a page whose largest paint needs its code (data from the API) would not (/boxes
   * before its fill: its LCP went from 3.2 to 3.6 s).
   */
  codeAfterPaint: boolean;
  /**
   * The page is filled per request (core/pageData.ts), and its path may be a pattern (`/boxes/:slug`):
   * the server writes what its first paint shows into its slot and sends the data that needs, so the
   * page's largest paint (box art) comes with the HTML rather than after its code and an API call.
   * The filler is the page's own (serveClient's `fillers`); without a fill the page goes as built.
   */
  filled?: boolean;
  /**
   * Where the build captures a pattern page whose pattern itself is no address the client accepts (a
   * bet's id is 32 hex digits): an address of no record, so the capture is the page's frame, its data
   * never asked of a database (the prerender holds every API call).
   */
  captureAt?: string;
}

/** What a filled page shows first (markup for its slot) and the data its client reads (src/app/pageData.ts). */
export interface PageFill {
  markup: string;
  data: Record<string, unknown>;
}

/** A filled page's fill for the path's params and the query, or null when there is none (an unknown box, a filtered list): the page as built then. */
export type PageFiller = (params: Record<string, string>, query: URLSearchParams) => Promise<PageFill | null>;

/**
 * Pages the build prerendered (scripts/prerender.ts): their loading state (header, hero, reserved
 * lists, a game's panels around its scene's space) in a copy of index.html, so the first paint needs
 * no script. Served for exactly these paths (any query) when the build wrote them; without Chromium
 * at build time there are none and every page gets index.html. Same headers as index.html: no-cache,
 * revalidated by ETag.
 */
export const PRERENDERED_PAGES: Record<string, PrerenderedPage> = {
  '/': { file: 'prerendered/index.html', codeAfterPaint: true },
  // The shop's list: its first page of box cards (server/boxes/pageFills.ts), the first card's art the LCP.
  '/boxes': { file: 'prerendered/boxes.html', codeAfterPaint: true, filled: true },
  // The game pages: header, the page's layout with its scene's space reserved, the bet panel.
  '/dice': { file: 'prerendered/dice.html', codeAfterPaint: true },
  '/plinko': { file: 'prerendered/plinko.html', codeAfterPaint: true },
  '/limbo': { file: 'prerendered/limbo.html', codeAfterPaint: true },
  '/mines': { file: 'prerendered/mines.html', codeAfterPaint: true },
  '/upgrade': { file: 'prerendered/upgrade.html', codeAfterPaint: true },
  '/crash': { file: 'prerendered/crash.html', codeAfterPaint: true },
  '/wheel': { file: 'prerendered/wheel.html', codeAfterPaint: true },
  '/battles': { file: 'prerendered/battles.html', codeAfterPaint: true },
  // A shop box's page: the shell and the box's hero (server/boxes/pageFills.ts), its art the LCP.
  '/boxes/:slug': { file: 'prerendered/box.html', codeAfterPaint: true, filled: true },
  // The transparency page: its heading, intro and period chips; the figures come from the API.
  '/transparency': { file: 'prerendered/transparency.html', codeAfterPaint: true },
  // A bet's public page: its frame (heading's place, links, the Bet panel's labels), the bet from the
  // API; served with the bet's head (serveClient's `headers`: its Open Graph card).
  '/bets/:id': { file: 'prerendered/bet.html', codeAfterPaint: true, captureAt: `/bets/${'0'.repeat(32)}` },
};

/** A page's own head (its title and meta tags, e.g. Open Graph), written into index.html per request. */
export interface PageHead {
  title: string;
  /** Meta tags: name or property → content (plain text; escaped here). */
  meta: Record<string, string>;
}

/** The head of a page whose path matches its pattern (`/bets/:id`), or null: index.html as built (an unknown bet). */
export type PageHeader = (params: Record<string, string>) => Promise<PageHead | null>;

/** index.html with the page's title and its meta tags (og:* as property, others as name). */
export function withHead(template: string, head: PageHead): string {
  const tags = Object.entries(head.meta)
    .map(([key, content]) => `    <meta ${key.startsWith('og:') ? 'property' : 'name'}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`)
    .join('\n');
  return template.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`).replace('</head>', () => `${tags}\n  </head>`);
}

/** A filled page: the prerendered copy with the fill in its slot and its data in a data block. */
export function filledPage(template: string, fill: PageFill): string {
  return template
    .replace(PAGE_SLOT, () => fill.markup)
    .replace('</head>', () => `  <script type="application/json" id="${PAGE_DATA_ID}">${jsonForScript(fill.data)}</script>\n  </head>`);
}

/**
 * The params of a path pattern's match (`/boxes/:slug` and `/boxes/gift-card-grab` give `{ slug:
 * 'gift-card-grab' }`), or null. A param is one whole, non-empty segment, URL-decoded.
 */
export function pathParams(pattern: string): (url: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  const regex = new RegExp(`^${source}$`);
  return (url) => {
    const match = regex.exec(url);
    if (!match) return null;
    try {
      return Object.fromEntries(names.map((name, k) => [name, decodeURIComponent(match[k + 1]!)]));
    } catch {
      return null; // a malformed escape (`%E0%A4%A`) is no page's param
    }
  };
}

const compress = { br: promisify(brotliCompress), gzip: promisify(gzip) };

/** HTML written per request, compressed as the precompressed files are (brotli, else gzip); quality 5 costs about a millisecond here. */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (!encoding) return reply.send(html);
  const body = encoding === 'br' ? await compress.br(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : await compress.gzip(html);
  return reply.header('content-encoding', encoding).send(body);
}

export async function serveClient(app: FastifyInstance, fillers: Record<string, PageFiller> = {}, headers: Record<string, PageHeader> = {}): Promise<void> {
  const root = path.resolve(app.config.clientDir);
  const hasClient = existsSync(path.join(root, 'index.html'));
  const built = Object.entries(PRERENDERED_PAGES).filter(([, page]) => existsSync(path.join(root, page.file)));
  // Exact paths; a pattern page (a bet's) is sent by its header below.
  const prerendered = new Map(built.filter(([route, page]) => !page.filled && !route.includes('/:')).map(([route, page]) => [route, page.file]));
  const builtFiles = new Map(built.map(([route, page]) => [route, page.file]));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = path.relative(root, filePath).startsWith(`assets${path.sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }

  // Filled pages, matched here rather than as routes: a route's params have a length limit (a long
  // path would answer 414), and every page path should end the same way, in the client.
  const filledPages = built.flatMap(([route, page]) => {
    const filler = fillers[route];
    if (!page.filled || !filler) return [];
    return [{ route, file: page.file, params: pathParams(route), filler, template: readFileSync(path.join(root, page.file), 'utf8') }];
  });

  /**
   * The filled page at this path: its HTML with the fill, or its file as built (an empty slot) when
   * there is no fill (an unknown box, a filtered list) or the fill failed; null for a path of no
   * filled page.
   */
  async function filledPageAt(request: FastifyRequest, url: string): Promise<{ html: string } | { file: string } | null> {
    for (const { route, file, params, filler, template } of filledPages) {
      const values = params(url);
      if (!values) continue;
      try {
        const fill = await filler(values, new URLSearchParams(request.url.split('?')[1] ?? ''));
        return fill ? { html: filledPage(template, fill) } : { file };
      } catch (error) {
        // The page still works without its fill: as built, and the client asks the API itself.
        request.log.warn({ err: error, route }, 'page fill failed: the page sent as built');
        return { file };
      }
    }
    return null;
  }

  // Pages with a head of their own (a bet's Open Graph card): their HTML (the prerendered copy when the
  // build wrote one, else index.html) with it, for link previews that read the HTML and run no script.
  const headedPages = hasClient
    ? Object.entries(headers).map(([route, header]) => {
        const file = builtFiles.get(route) ?? 'index.html';
        return { route, params: pathParams(route), header, file, template: readFileSync(path.join(root, file), 'utf8') };
      })
    : [];

  /** The headed page at this path: its HTML with its head, or null when there is none (or it failed): its file as built then. */
  async function headedPageAt(request: FastifyRequest, page: (typeof headedPages)[number], values: Record<string, string>): Promise<string | null> {
    try {
      const head = await page.header(values);
      return head ? withHead(page.template, head) : null;
    } catch (error) {
      request.log.warn({ err: error, route: page.route }, 'page head failed: the page sent as built');
      return null;
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (isApiPath(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: 'Not Found' });
    }
    if (!hasClient) {
      return reply.code(503).type('text/plain').send('The client is not built yet: run `npm run build`.');
    }
    if (url.startsWith('/assets/')) return reply.code(404).send({ message: 'Not Found' });
    for (const page of headedPages) {
      const values = page.params(url);
      if (values) return headedPageAt(request, page, values).then((html) => (html === null ? reply.sendFile(page.file) : sendHtml(request, reply, html)));
    }
    const file = prerendered.get(url);
    if (file || filledPages.length === 0) return reply.sendFile(file ?? 'index.html');
    return filledPageAt(request, url).then((page) => (page === null ? reply.sendFile('index.html') : 'html' in page ? sendHtml(request, reply, page.html) : reply.sendFile(page.file)));
  });
}
