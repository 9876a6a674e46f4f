// Where a scene's frames go, thread by thread: a Chrome trace of the scene lab while one scene plays
// (the scene bench's set-up: SwiftShader WebGL, 4× CPU throttling), summed per thread and event name.
// A diagnostic, not a figure for the table.
//   node bench/scenes/trace.ts <scene> [seconds]   (the product built as bench:scenes does; SCENES_SKIP_BUILD=1 reuses it)
import { chromium } from 'playwright';
import { chromiumPath, envNumber, startProduct } from '../product.ts';
import { CHROMIUM_ARGS, VIEWPORT } from './probe.ts';

const [scene = 'box', secondsArg = '5'] = process.argv.slice(2);
const product = await startProduct({ port: envNumber('SCENES_PORT', 3225), clientDir: process.env.SCENES_CLIENT_DIR ?? '/tmp/bench-scenes-client', dataDir: process.env.SCENES_DATA_DIR ?? '/tmp/bench-scenes-data', skipBuild: process.env.SCENES_SKIP_BUILD === '1' });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(`${product.origin}/scene-lab?scene=${scene}`, { waitUntil: 'load', timeout: 120_000 });
  await page.locator('[data-testid="scene-stage"][data-scene-phase="ready"]').waitFor({ timeout: 60_000 });
  const bonus = page.getByRole('dialog', { name: 'Daily bonus' });
  await bonus.waitFor({ timeout: 15_000 }).catch(() => {});
  if (await bonus.isVisible()) await bonus.getByRole('button', { name: 'Close' }).click();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: envNumber('SCENES_THROTTLE', 4) });
  await page.evaluate(() => {
    const stage = document.querySelector<HTMLElement>('[data-testid="scene-stage"]')!;
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('main button')];
    const play = buttons.find((b) => /^(Play|Roll|Spin|Upgrade|Play round|Drop ball)$/.test(b.textContent?.trim() ?? '') && !b.hasAttribute('aria-pressed'));
    setInterval(() => stage.dataset.scenePhase !== 'running' && play?.click(), 100);
  });
  await page.waitForTimeout(2000);
  type TraceEvent = { name: string; ph: string; dur?: number; tid: number; pid: number; args?: { name?: string } };
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'toplevel,gpu,viz,cc,blink,devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await page.waitForTimeout(Number(secondsArg) * 1000);
  await cdp.send('Tracing.end');
  await done;
  const threads = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  const sums = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const key = `${threads.get(`${e.pid}:${e.tid}`) ?? e.tid} | ${e.name}`;
    sums.set(key, (sums.get(key) ?? 0) + e.dur / 1000);
  }
  const top = [...sums].sort((a, b) => b[1] - a[1]).slice(0, 40);
  for (const [key, ms] of top) console.log(`${ms.toFixed(0).padStart(8)} ms  ${key}`);
} finally {
  await browser.close();
  await product.stop();
}
