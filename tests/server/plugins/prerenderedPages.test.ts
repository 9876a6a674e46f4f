import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress.ts';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { PAGE_DATA_ID, PAGE_SLOT } from '../../../core/pageData.ts';

// The prerendered pages (scripts/prerender.ts, server/plugins/client.ts): /, /boxes and the game pages
// (/dice, /plinko, /upgrade, /crash, /wheel, /battles), /transparency and a bet's page (its frame, with
// the bet's head) get their copy of index.html with the page's
// loading state in #root, every other page index.html, all with index.html's headers (brotli,
// no-cache, an ETag). A build without them serves index.html everywhere.
const padding = '<div></div>'.repeat(300); // big enough for the build to precompress
const page = (root: string) => `<!doctype html><html><head><title>Shop</title></head><body><div id="root">${root}</div>${padding}</body></html>`;
const index = page('');
const home = page('<h1>Open mystery boxes.</h1>');
const boxes = page(`<h1>Mystery boxes</h1><div class="box-grid">${PAGE_SLOT}</div>`);
const GAMES = ['dice', 'plinko', 'upgrade', 'crash', 'wheel', 'battles'];
const game = (name: string) => page(`<div data-testid="${name}-page"></div>`);
const box = page(`<header>Shop</header>${PAGE_SLOT}`);
const transparency = page('<h1>Transparency</h1>');
const bet = page('<h2>Bet</h2>');

function clientDir(withPrerendered: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-prerendered-'));
  writeFileSync(path.join(dir, 'index.html'), index);
  if (withPrerendered) {
    mkdirSync(path.join(dir, 'prerendered'));
    writeFileSync(path.join(dir, 'prerendered', 'index.html'), home);
    writeFileSync(path.join(dir, 'prerendered', 'boxes.html'), boxes);
    for (const name of GAMES) writeFileSync(path.join(dir, 'prerendered', `${name}.html`), game(name));
    writeFileSync(path.join(dir, 'prerendered', 'box.html'), box);
    writeFileSync(path.join(dir, 'prerendered', 'transparency.html'), transparency);
    writeFileSync(path.join(dir, 'prerendered', 'bet.html'), bet);
  }
  return dir;
}

async function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ url, headers: { 'accept-encoding': 'br', ...headers } });
  const body = res.statusCode === 200 && res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
  return { res, body };
}

describe('prerendered pages', () => {
  const dir = clientDir(true);
  let app: FastifyInstance;
  beforeAll(async () => {
    await precompressDir(dir);
    app = await createTestApp({ CLIENT_DIR: dir });
    await seedCatalog(app);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends / and a filtered /boxes their prerendered markup, compressed, no-cache, revalidated by ETag', async () => {
    for (const [url, html] of [['/', home], ['/boxes?sort=new', boxes], ['/boxes?search=watch&page=2', boxes], ['/?modal=login', home]] as const) {
      const { res, body } = await get(app, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(body, url).toBe(html);
      const again = await get(app, url, { 'if-none-match': String(res.headers.etag) });
      expect(again.res.statusCode).toBe(304);
    }
  });

  it('sends each game page its own prerendered markup', async () => {
    for (const name of GAMES) {
      for (const url of [`/${name}`, `/${name}?modal=login`]) {
        const { res, body } = await get(app, url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(body, url).toBe(game(name));
      }
    }
  });

  it("sends a shop box's page its hero in the slot and the box as GET /api/boxes/{slug} answers it", async () => {
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync], ['identity', (b: Buffer) => b]] as const) {
      const res = await app.inject({ url: '/boxes/gift-card-grab?modal=login', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(res.headers['content-security-policy']).toBeTruthy();
      const body = decode(res.rawPayload).toString();
      const api = (await app.inject({ url: '/api/boxes/gift-card-grab' })).json<{ data: { name: string; img_url: string; items: unknown[] } }>().data;
      expect(body).not.toContain(PAGE_SLOT);
      expect(body).toContain('<header>Shop</header><div class="box-page" data-box="gift-card-grab"><section class="box-hero">');
      expect(body).toContain(`<img class="box-hero__img" src="${api.img_url}" alt="" fetchpriority="high">`);
      expect(body).toContain(`<h1>${api.name}</h1><p class="box-card__note">${api.items.length} items · `);
      const data = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(body)?.[1];
      expect(JSON.parse(data!)).toEqual({ box: api });
    }
  });

  it("sends /boxes the shop's first page of cards in the slot and the list as GET /api/boxes answers it", async () => {
    const api = (await app.inject({ url: '/api/boxes?sort=popular&page=1&per_page=24' })).json<{ data: { slug: string; name: string; img_url: string; price: number }[] }>();
    expect(api.data.length).toBeGreaterThan(10); // the catalog's 18
    for (const url of ['/boxes', '/boxes?modal=login', '/boxes?page=3']) {
      const { res, body } = await get(app, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(body).not.toContain(PAGE_SLOT);
      const cards = [...body.matchAll(/<a class="box-card" href="\/boxes\/([^"]+)" data-box="[^"]+">(.*?)<\/a>/g)];
      expect(cards.map((c) => c[1])).toEqual(api.data.map((b) => b.slug));
      const first = api.data[0]!;
      expect(cards[0]![2]).toContain(`<img class="box-card__img" src="${first.img_url}" alt="" loading="lazy" width="160" height="160"><span class="box-card__name">${first.name}</span>`);
      expect(cards[0]![2]).toContain(`<span>${first.price.toFixed(2)}</span>`);
      const data = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(body)?.[1];
      expect(JSON.parse(data!)).toEqual({ boxes: api });
    }
  });

  it('sends a box page as built (its slot empty) when its box is not in the shop, and when its fill fails', async () => {
    for (const url of ['/boxes/no-such-box', `/boxes/${'x'.repeat(101)}`, '/boxes/%3Cscript%3E']) {
      const { res, body } = await get(app, url);
      expect(res.statusCode, url).toBe(200);
      expect(body, url).toBe(box);
    }
    // A database that fails the queries: the pages still come, as built, and their clients ask the API.
    const broken = await createTestApp({ CLIENT_DIR: dir });
    await broken.db.schema.dropView('box_items').execute();
    await broken.db.schema.dropTable('boxes').cascade().execute();
    try {
      for (const [url, html] of [['/boxes/gift-card-grab', box], ['/boxes', boxes]] as const) {
        const { res, body } = await get(broken, url);
        expect(res.statusCode, url).toBe(200);
        expect(body, url).toBe(html);
      }
    } finally {
      await broken.close();
    }
  });

  it("sends /transparency its markup, and a bet's page its frame with the bet's head (an unknown bet's as built)", async () => {
    expect((await get(app, '/transparency?period=7d')).body).toBe(transparency);
    const player = await createPlayer(app, { balance: 100_000 });
    const placed = await app.inject({ method: 'POST', url: '/api/dice/bet', headers: player.headers, payload: { amount: 1, target: 50, direction: 'over' } });
    expect(placed.statusCode).toBe(200);
    const id = (await app.inject({ url: '/api/profile/bets', headers: player.headers })).json<{ data: { public_id: string }[] }>().data[0]!.public_id;
    const { res, body } = await get(app, `/bets/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(body).toContain('<div id="root"><h2>Bet</h2></div>');
    expect(body).toMatch(new RegExp(`<meta property="og:url" content="[^"]*/bets/${id}" />`));
    for (const url of [`/bets/${'0'.repeat(32)}`, '/bets/not-a-bet']) expect((await get(app, url)).body, url).toBe(bet);
  });

  it('sends index.html to every other page', async () => {
    for (const url of ['/boxes/', '/profile', '/standard/box', '/dice/', '/dice/provably-fair', '/crash/provably-fair', '/battles/create', '/battles/12']) {
      const { res, body } = await get(app, url);
      expect(res.statusCode, url).toBe(200);
      expect(body, url).toBe(index);
    }
  });
});

describe('a build without prerendered pages (no Chromium at build time)', () => {
  const dir = clientDir(false);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ CLIENT_DIR: dir });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends index.html to /, /boxes, the game pages and a box page', async () => {
    for (const url of ['/', '/boxes', ...GAMES.map((name) => `/${name}`), '/boxes/gift-card-grab']) {
      const { res, body } = await get(app, url);
      expect(res.statusCode, url).toBe(200);
      expect(body, url).toBe(index);
    }
  });
});
