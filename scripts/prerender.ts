// The app-shell prerender, run after `vite build` (`npm run build`, `npm start`, the browser benches):
// each page of PRERENDERED_PAGES (server/plugins/client.ts) is rendered in headless Chromium from the
// built client, with every API call and websocket held unanswered, and its #root markup — the page's
// loading state: header, hero, the space its lists reserve, a game's panels around its scene's space —
// is written into a copy of index.html (dist/client/prerendered/*.html, with .br and .gz). The server
// sends those for /, /boxes, the game pages and the transparency pages, so the first paint needs HTML and CSS only, not the
// entry script (docs/performance.md, "Prerendered pages"). /boxes and the box page (captured at its
// pattern, /boxes/:slug) have a slot that the server fills per request (core/pageData.ts).
// Nothing from a database reaches the markup: no API call is ever answered.
// Without a Chromium the script says so in one line and writes nothing: the server then sends
// index.html, as before. Usage: node scripts/prerender.ts [clientDir] (default CLIENT_DIR or dist/client).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { chromium, type Page } from 'playwright';
import type { Config } from '../server/config.ts';
import { API_PREFIXES, PRERENDERED_PAGES, serveClient } from '../server/plugins/client.ts';
import { systemChromium } from './browser.ts';
import { precompressFile } from './precompress.ts';
import { CODE_AFTER_PAINT_ID, CODE_AFTER_PAINT_SCRIPT } from '../core/codeAfterPaint.ts';
import { PAGE_SLOT, PAGE_SLOT_ATTRIBUTE, PAGE_SLOT_TEXT } from '../core/pageData.ts';

/** How long the page may keep loading its own files (not the held API) before the capture gives up. */
const SETTLE_TIMEOUT_MS = 60_000;
/** No file of the page in flight for this long: its code, styles and fonts are all there. */
const QUIET_MS = 500;

function chromiumBinary(): string | null {
  const system = systemChromium();
  if (system) return existsSync(system) ? system : null;
  try {
    const bundled = chromium.executablePath();
    return existsSync(bundled) ? bundled : null;
  } catch {
    return null;
  }
}

/** The built client on an ephemeral port, served as the product serves it (server/plugins/client.ts), no database. */
async function serveBuild(clientDir: string) {
  const app = Fastify({ logger: false });
  app.decorate('config', { clientDir } as Config);
  await serveClient(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { origin: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

const isApi = (url: URL) => API_PREFIXES.some((p) => url.pathname.startsWith(p));

/** Resolves once none of the page's own requests (the held API calls aside) has been in flight for QUIET_MS. */
function settled(page: Page): Promise<void> {
  const inFlight = new Set<unknown>();
  let timer: NodeJS.Timeout | undefined;
  return new Promise<void>((resolve, reject) => {
    const giveUp = setTimeout(() => reject(new Error(`still loading after ${SETTLE_TIMEOUT_MS} ms: ${[...inFlight].join(', ')}`)), SETTLE_TIMEOUT_MS);
    const check = () => {
      clearTimeout(timer);
      if (inFlight.size === 0)
        timer = setTimeout(() => {
          clearTimeout(giveUp);
          resolve();
        }, QUIET_MS);
    };
    page.on('request', (r) => {
      if (isApi(new URL(r.url()))) return;
      inFlight.add(r.url());
      clearTimeout(timer);
    });
    const done = (r: { url(): string }) => {
      inFlight.delete(r.url());
      check();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    check();
  });
}

interface Capture {
  root: string;
  /** <body>'s classes when the page had drawn (the black game pages' `is-dark-page`). */
  bodyClass: string;
  /** Styles and module preloads the page added to <head> while it loaded (its chunk's CSS, above all). */
  headLinks: string[];
  /** Preloads of the web fonts the page used. */
  fonts: string[];
}

async function capture(page: Page, url: string): Promise<Capture> {
  const quiet = settled(page);
  await page.goto(url);
  await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
  await page.waitForFunction(() => !document.querySelector('.page-spinner'));
  await quiet;
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.evaluate(({ slotAttribute, slotComment }) => ({
    root: (() => {
      // A scene's canvas is not part of the shell: the page's CSS reserves its space, and the client
      // draws it. Nor is the scene's phase: that mark is the client's, once its scene is there.
      const live = document.getElementById('root')!;
      const root = live.cloneNode(true) as HTMLElement;
      // A control's value is a property that React sets and innerHTML does not write: the markup would
      // show each <select> at its first option (Mines "1" beside the readouts of 3 mines) until React
      // took over. Written as attributes, the first paint shows the values the page renders.
      const liveControls = live.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea');
      root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea').forEach((copy, i) => {
        const from = liveControls[i]!;
        if (copy instanceof HTMLSelectElement) [...copy.options].forEach((option, j) => option.toggleAttribute('selected', (from as HTMLSelectElement).options[j]!.selected));
        else if (copy instanceof HTMLTextAreaElement) copy.textContent = from.value;
        else if (copy.type === 'checkbox' || copy.type === 'radio') copy.toggleAttribute('checked', (from as HTMLInputElement).checked);
        else if (copy.type !== 'password' && copy.type !== 'file') copy.setAttribute('value', from.value);
      });
      for (const canvas of root.querySelectorAll('canvas')) canvas.remove();
      for (const host of root.querySelectorAll('[data-scene-phase]')) host.removeAttribute('data-scene-phase');
      // A filled page's loading element is where the server writes its fill (core/pageData.ts).
      for (const slot of root.querySelectorAll(`[${slotAttribute}]`)) slot.replaceWith(document.createComment(slotComment));
      return root.innerHTML;
    })(),
    bodyClass: document.body.className,
    headLinks: [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"], link[rel="modulepreload"]')].map(
      // Vite's loader writes absolute addresses (this capture server's): the page gets its paths.
      (l) => `<link rel="${l.rel}" crossorigin href="${new URL(l.href).pathname}">`,
    ),
    // The fonts the page drew with, preloaded: the prerendered text paints at once in the metric-matched
    // fallback face, and a late Inter rewrapped the hero's heavy heading (a layout shift of 0.05 in
    // Lighthouse's phone viewport) where, before, the loading overlay covered the swap.
    fonts: performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name))
      .filter((u) => u.pathname.endsWith('.woff2'))
      .map((u) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${u.pathname}">`),
  }), { slotAttribute: PAGE_SLOT_ATTRIBUTE, slotComment: PAGE_SLOT_TEXT });
}

/**
 * The first paint waits until the whole of #root's markup is parsed (`rel=expect`, render-blocking
 * until the element with that id is in the document). On a busy phone the parser otherwise painted a
 * page it had read half of: a game's controls, first in the markup, stood where its scene goes and
 * jumped below it when the scene's column arrived (a layout shift of 0.4–0.6 at 390 px, 6× CPU).
 */
const PARSED_ID = 'root-parsed';
const PARSED_BLOCKS_RENDER = `<link rel="expect" href="#${PARSED_ID}" blocking="render">`;

/**
 * index.html with the captured markup in #root, the page's extra head links, and no scroll lock (the
 * loading overlay's). `data-prerendered` on #root tells the client (src/app/prerendered.ts) and stays
 * until React has drawn the page: a click before then would land on markup about to be replaced.
 */
export function prerenderedHtml(indexHtml: string, { root, bodyClass, headLinks, fonts }: Capture, afterPaint: boolean): string {
  const extra = [...fonts, ...headLinks].filter((link) => {
    const href = /href="([^"]+)"/.exec(link)?.[1];
    return href !== undefined && !indexHtml.includes(`"${href}"`);
  });
  if (!indexHtml.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  const html = indexHtml
    .replace('</head>', `${[...extra, PARSED_BLOCKS_RENDER].map((l) => `  ${l}\n`).join('')}  </head>`)
    .replace('<body style="overflow: hidden">', () => (bodyClass ? `<body class="${bodyClass}">` : '<body>'))
    .replace('<div id="root"></div>', () => `<div id="root" data-prerendered>${root}</div><template id="${PARSED_ID}"></template>`);
  if (afterPaint) return moveCodeAfterPaint(html);
  // This page paints without its scripts: they load below its styles (and, in Lighthouse's
  // simulation, stop counting as render-blocking, which High-priority scripts do).
  return html.replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ').replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');
}

/**
 * The page's code (the entry and every modulepreload) moved from <head> into an inert template that
 * core/codeAfterPaint.ts's script asks for once the browser reports the first contentful paint: this
 * page paints without its scripts, and its first paint then waits for no script's bytes on a slow
 * network (Lighthouse's simulated LCP counts every request that finished before the observed paint).
 * The preloads come first, so that the entry's imports are already on their way when it arrives.
 */
function moveCodeAfterPaint(html: string): string {
  const code = /^[ \t]*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)[ \t]*\n/gm;
  const tags = [...html.matchAll(code)].map((m) => m[1]!);
  if (!tags.some((t) => t.startsWith('<script'))) throw new Error('index.html has no module script');
  const ordered = [...tags.filter((t) => t.startsWith('<link')), ...tags.filter((t) => t.startsWith('<script'))];
  const template = `    <template id="${CODE_AFTER_PAINT_ID}">${ordered.join('')}</template>\n    <script>${CODE_AFTER_PAINT_SCRIPT}</script>\n`;
  return html.replace(code, '').replace('</body>', () => `${template}  </body>`);
}

/** Writes the prerendered pages into clientDir; false (after one line) when there is no Chromium to do it. */
export async function prerender(clientDir: string): Promise<boolean> {
  const outDir = path.join(clientDir, 'prerendered');
  await rm(outDir, { recursive: true, force: true });
  const executablePath = chromiumBinary();
  if (!executablePath) {
    console.log('prerender: no Chromium (set CHROMIUM_PATH or install one, see scripts/browser.ts): every page will be served index.html, with the loading overlay.');
    return false;
  }
  const indexHtml = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  const server = await serveBuild(clientDir);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block', locale: 'en-US' });
    // Held, never answered: the page stays in its loading state and no data reaches the markup.
    await context.route((url) => isApi(url), () => undefined);
    await context.routeWebSocket(/.*/, () => undefined);
    const pages: [string, string][] = [];
    for (const [route, { file, codeAfterPaint, filled, captureAt }] of Object.entries(PRERENDERED_PAGES)) {
      const page = await context.newPage();
      // A pattern page is captured at the pattern itself (a box's) or at its captureAt (a bet's): its data never comes.
      const captured = await capture(page, `${server.origin}${captureAt ?? route}`);
      const slots = captured.root.split(PAGE_SLOT).length - 1;
      if (slots !== (filled ? 1 : 0)) throw new Error(`${route}: ${slots} page slots in its loading state, ${filled ? 'one' : 'none'} expected`);
      pages.push([file, prerenderedHtml(indexHtml, captured, codeAfterPaint)]);
      await page.close();
    }
    await mkdir(outDir, { recursive: true });
    for (const [file, html] of pages) {
      const target = path.join(clientDir, file);
      await writeFile(target, html);
      await precompressFile(target);
    }
    console.log(`prerender: ${pages.map(([file]) => file).join(', ')} written`);
    return true;
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    throw error;
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await prerender(path.resolve(process.argv[2] ?? process.env.CLIENT_DIR ?? 'dist/client'));
}
