// What a phone downloads of script in a page's first 10 seconds, counted in the browser (#62) as the
// budget check counts it (scripts/firstSeconds.ts has what is counted and why), here beside the peer
// and the stack's floor.
//
// `node bench/bytes/run.ts` builds the client into /tmp/bench-bytes-client (or BYTES_SKIP_BUILD=1 with
// BYTES_CLIENT_DIR=dir), starts the product as `npm start` would (bench/product.ts), and loads each
// page once in a phone-sized Chromium (390×844, touch, device scale 2) without a service worker.
// BYTES_PAGES=/,/dice picks pages; BYTES_SECONDS changes the window; BYTES_LIST=1 lists each page's
// scripts; PEER_PLINKO_DIR (bench/README.md, "The peer") counts the peer's page the same way first.
// The stack's floor (bench/bytes/floor: DESIGN.md's libraries drawing a scene, none of the shop's
// code) is built and counted in every run: what no game page of this stack can go below.
import path from 'node:path';
import { chromium } from 'playwright';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { countedPages, countScripts, FIRST_SECONDS, FIRST_SECONDS_BUDGETS, kib, sourcesOf, type Counted } from '../../scripts/firstSeconds.ts';
import { PEER_NAME, peerNotMeasured, serveBuild, startPeer } from '../peer.ts';
import { startProduct } from '../product.ts';

const clientDir = process.env.BYTES_CLIENT_DIR ?? '/tmp/bench-bytes-client';
const seconds = Number(process.env.BYTES_SECONDS ?? FIRST_SECONDS);
const product = await startProduct({ port: Number(process.env.BYTES_PORT ?? 3217), clientDir, dataDir: '/tmp/bench-bytes-data', skipBuild: process.env.BYTES_SKIP_BUILD === '1' });

const FLOOR_NAME = "the stack's floor (bench/bytes/floor)";
const floorDir = '/tmp/bench-bytes-floor';

/** Builds bench/bytes/floor with Vite and React's plugin alone and serves it; Vite's hashed assets are immutable. */
async function startFloor(port: number) {
  await build({ root: path.join(import.meta.dirname, 'floor'), configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir: floorDir, emptyOutDir: true } });
  return serveBuild(floorDir, port, (pathname) => pathname.startsWith('/assets/'));
}

try {
  const boxes = (await (await fetch(`${product.origin}/api/boxes?per_page=1`)).json()) as { data: { slug: string }[] };
  const all = countedPages(boxes.data[0]!.slug).map(({ page }) => page);
  const pages = process.env.BYTES_PAGES ? process.env.BYTES_PAGES.split(',') : all;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking'] });
  const peer = await startPeer(Number(process.env.BYTES_PEER_PORT ?? 3218));
  const floor = await startFloor(Number(process.env.BYTES_FLOOR_PORT ?? 3219));
  const rows: Counted[] = [];
  let peerRow: Counted | null = null;
  let floorRow: Counted;
  try {
    if (peer) peerRow = await countScripts(browser, PEER_NAME, peer.url, peer.origin, path.resolve(process.env.PEER_PLINKO_DIR!), seconds);
    floorRow = await countScripts(browser, FLOOR_NAME, floor.url, floor.origin, floorDir, seconds);
    for (const page of pages) rows.push(await countScripts(browser, page, `${product.origin}${page}`, product.origin, clientDir, seconds));
  } finally {
    await browser.close();
    await peer?.stop();
    await floor.stop();
  }

  const gameGoal = peerRow ? peerRow.total * 1.5 : null;
  console.log(`\nscript a phone downloads (brotli) in the ${seconds} s after navigation, ${new Date().toISOString()}`);
  console.log('| page | scripts | bytes | goal | |');
  console.log('|---|---:|---:|---:|---|');
  if (peerRow) console.log(`| ${peerRow.page} (peer) | ${peerRow.files.length} | ${kib(peerRow.total)} | | |`);
  const floorVerdict = gameGoal === null ? '' : floorRow.total <= gameGoal ? 'under the game pages\' goal' : `✗ over the game pages' goal, ${(floorRow.total / peerRow!.total).toFixed(2)}× the peer`;
  console.log(`| ${floorRow.page} | ${floorRow.files.length} | ${kib(floorRow.total)} | | ${floorVerdict} |`);
  for (const r of rows) {
    // Home's goal is its budget (scripts/firstSeconds.ts); a game page's, the peer's page times 1.5.
    const goal = r.page === '/' ? FIRST_SECONDS_BUDGETS.home : gameGoal;
    const missed = r.page === '/' || !peerRow ? '✗' : `✗ ${(r.total / peerRow.total).toFixed(2)}× the peer`;
    const verdict = goal === null ? '' : r.total <= goal ? 'ok' : missed;
    console.log(`| ${r.page} | ${r.files.length} | ${kib(r.total)} | ${goal === null ? '' : kib(goal)} | ${verdict} |`);
  }
  if (!peerRow) console.log(peerNotMeasured());
  if (process.env.BYTES_LIST === '1') {
    // The chunk names come from the build's manifest: a file's source, else its file name.
    const source = sourcesOf(clientDir);
    for (const r of [...(peerRow ? [peerRow] : []), floorRow, ...rows]) {
      console.log(`\n${r.page}`);
      for (const f of [...r.files].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kib(f.bytes).padStart(10)}  ${String(f.atMs).padStart(5)} ms  ${source.get(f.file) ?? f.file}`);
    }
  }
} finally {
  await product.stop();
}
