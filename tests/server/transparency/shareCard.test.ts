import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Resvg } from '@resvg/resvg-js';
import { createTestApp, createPlayer } from '../../helpers/testApp.ts';
import { shareCardLines, shareCardSvg } from '../../../server/transparency/shareCard.ts';
import type { PublicBet } from '../../../core/protocol/transparency.ts';

// A bet's share picture (docs/transparency.md, "Open Graph card"): GET /api/bets/:id/card.png is a
// 1200×630 PNG of the bet's public data, named by the page's og:image and twitter:image; an unknown
// id is 404. The picture shows the outcome: a won bet's multiplier is drawn in the win colour, a
// lost one's is not; the card's lines never hold the player's name.

let app: FastifyInstance;
// A built client of one index.html: /bets/{id} is served from it with the bet's Open Graph tags.
const clientDir = mkdtempSync(path.join(tmpdir(), 'shop-share-card-'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>Open Mystery Boxes</title></head><body><div id="root"></div></body></html>');
beforeAll(async () => {
  app = await createTestApp({ CLIENT_DIR: clientDir, PUBLIC_URL: 'https://shop.example' });
});
afterAll(async () => {
  await app?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const WIN_GREEN = [0x1e, 0xe8, 0x8a];
/** How many pixels of the multiplier's band (below the game's name, above the amount) are the win colour. */
function greenPixels(bet: PublicBet): number {
  const image = new Resvg(shareCardSvg(bet), { font: { loadSystemFonts: false } }).render();
  const { pixels, width } = image;
  let n = 0;
  for (let y = 260; y < 395; y++) {
    for (let x = 110; x < 760; x++) {
      const i = (y * width + x) * 4;
      if (Math.abs(pixels[i]! - WIN_GREEN[0]!) < 8 && Math.abs(pixels[i + 1]! - WIN_GREEN[1]!) < 8 && Math.abs(pixels[i + 2]! - WIN_GREEN[2]!) < 8) n += 1;
    }
  }
  return n;
}

describe("a bet's share card", () => {
  it('is a 1200×630 PNG named by the page, cached once settled; an unknown bet has none', async () => {
    const player = await createPlayer(app, { balance: 10_000, name: 'CardHolder' });
    const placed = await app.inject({ method: 'POST', url: '/api/dice/bet', headers: player.headers, payload: { amount: 1, target: 50, direction: 'over' } });
    expect(placed.statusCode).toBe(200);
    const row = (await app.inject({ method: 'GET', url: '/api/profile/bets', headers: player.headers })).json().data[0];
    const card = await app.inject({ method: 'GET', url: `/api/bets/${row.public_id}/card.png` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(card.headers['cache-control']).toBe('public, max-age=86400');
    const png = card.rawPayload;
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect((await app.inject({ method: 'GET', url: `/api/bets/${row.public_id}/card.png` })).rawPayload.equals(png)).toBe(true);

    const html = (await app.inject({ method: 'GET', url: `/bets/${row.public_id}` })).body;
    const image = `https://shop.example/api/bets/${row.public_id}/card.png`;
    expect(html).toContain(`<meta property="og:image" content="${image}" />`);
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain(`<meta name="twitter:image" content="${image}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');

    expect((await app.inject({ method: 'GET', url: `/api/bets/${'0'.repeat(32)}/card.png` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/bets/1/card.png' })).statusCode).toBe(404);
  });

  it('draws the outcome: a win in the win colour, a loss and a bet in play without it; no player name', () => {
    const base = { public_id: 'a'.repeat(32), game: 'dice', placed_at: '2026-11-28T10:00:00.000Z', stake: 1, fairness: 'Seed pair 1, nonce 1', verify_path: null, replay: null, player: 'ShownName', seeds: null } as const;
    const won: PublicBet = { ...base, payout: 1.98, multiplier: 1.98, result: 'Roll 72.15 (over 50.00)' };
    const lost: PublicBet = { ...base, payout: 0, multiplier: 0, result: 'Roll 22.15 (over 50.00)' };
    const open: PublicBet = { ...base, game: 'crash', payout: null, multiplier: null, result: 'In play' };
    expect(shareCardLines(won)).toEqual({ game: 'Dice', multiplier: '1.98×', won: true, amount: 'Won 1.98 coins on 1.00', result: 'Roll 72.15 (over 50.00)' });
    expect(shareCardLines(lost)).toMatchObject({ multiplier: '0.00×', won: false, amount: 'Paid 0.00 coins on 1.00' });
    expect(shareCardLines(open)).toMatchObject({ game: 'Crash', multiplier: 'In play', amount: '1.00 coins staked' });
    for (const b of [won, lost, open]) expect(JSON.stringify(shareCardLines(b))).not.toContain('ShownName');
    expect(greenPixels(won)).toBeGreaterThan(5000);
    expect(greenPixels(lost)).toBe(0);
    expect(greenPixels(open)).toBe(0);
  });
});
