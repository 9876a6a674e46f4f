// Plinko frame time with balls in flight: the measurement of the team's frame probe
// (/work/shared/tools/frame-probe.mjs: same Chromium flags, viewport, CPU throttling through CDP,
// click loop, rAF intervals from the 6th frame, same quantile formula, long tasks > 50 ms), plus two
// things that probe cannot do here:
// - it closes the daily bonus modal (docs/product.md §2: it opens about 4 s after any page starts and its
//   backdrop swallows every click, so the team probe stops dropping balls after ~3 s);
// - it reads the scene lab's 'In flight: N' after every press, so the report says how many balls
//   were really in flight (peak, and from when the count stayed at or above the target). Once the
//   target is reached it presses only while the count is below it, so about `target` balls stay in
//   flight instead of piling up, and reports the frames from then on (`atTarget`).
// It presses with a DOM click event (dispatchEvent) where the team probe uses Playwright's click:
// that one first waits for the button to be stable over two animation frames, which at 0.2-1 s
// frames takes longer than the press interval, so it dropped 3 balls in 10 s instead of 100.
// Run: node_modules/.bin/node bench/plinko/probe.ts URL [cpuThrottle=4] [seconds=10] [pressesPerSecond=10] [target=50] [button='Drop ball']
import { chromium } from 'playwright';

const [url, throttle = '4', secs = '10', rate = '10', target = '50', buttonName = 'Drop ball'] = process.argv.slice(2);
if (!url) throw new Error('usage: probe.ts URL [throttle] [seconds] [pressesPerSecond] [target]');

declare global {
  interface Window {
    __dt: number[];
    __long: number;
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-unsafe-swiftshader'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(url, { waitUntil: 'networkidle' });
  // On a loaded machine the lab's chunk can arrive after the network went idle: measure the scene, not a spinner.
  await page.locator('[data-scene-phase="ready"]').first().waitFor({ timeout: 120_000 });
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(throttle) });
  await page.evaluate(() => {
    window.__dt = [];
    let last = performance.now();
    const f = (t: number) => {
      window.__dt.push(t - last);
      last = t;
      requestAnimationFrame(f);
    };
    requestAnimationFrame(f);
    window.__long = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) if (e.duration > 50) window.__long++;
    }).observe({ entryTypes: ['longtask'] });
  });
  // The last of the name: in the lab the scene's tab ("Upgrade") comes before its play button.
  const button = page.getByRole('button', { name: buttonName, exact: true }).last();
  const closeModal = page.locator('.modal__close');
  const counter = page.getByTestId('balls-in-flight');
  const start = Date.now();
  const end = start + Number(secs) * 1000;
  let presses = 0;
  let peak = 0;
  let atTargetSince: number | null = null; // first time the count reached the target
  let modalsClosed = 0;
  let fromFrame: number | null = null;
  let n = 0;
  let heldMin = Infinity;
  let heldMax = 0;
  const samples: string[] = [];
  // A lab without the plinko counter (box reel, upgrade, dice) plays one outcome at a time: press
  // at the rate, and report the whole run.
  const counted = (await counter.count()) > 0;
  while (Date.now() < end) {
    if (await closeModal.isVisible()) {
      await closeModal.dispatchEvent('click').then(() => modalsClosed++, () => {});
    }
    if (!counted || n < Number(target)) await button.dispatchEvent('click', undefined, { timeout: 2000 }).then(() => presses++, () => {});
    await page.waitForTimeout(1000 / Number(rate));
    if (!counted) continue;
    n = Number(/(\d+)/.exec((await counter.textContent()) ?? '')?.[1] ?? NaN);
    const t = (Date.now() - start) / 1000;
    peak = Math.max(peak, n);
    if (atTargetSince === null && n >= Number(target)) {
      atTargetSince = t;
      // Frames from here on are the ones with about the target number of balls in flight.
      fromFrame = await page.evaluate(() => window.__dt.length);
    }
    if (atTargetSince !== null) {
      heldMin = Math.min(heldMin, n);
      heldMax = Math.max(heldMax, n);
    }
    samples.push(`${t.toFixed(1)}s:${n}`);
  }
  const stats = (from: number) =>
    page.evaluate((from) => {
      const d = window.__dt.slice(from).sort((a, b) => a - b);
      if (d.length === 0) return null;
      const q = (x: number) => d[Math.floor(x * (d.length - 1))]!;
      return { frames: d.length, p50: +q(0.5).toFixed(1), p95: +q(0.95).toFixed(1), max: +d[d.length - 1]!.toFixed(1) };
    }, from);
  // Whole run from the 6th frame, as the team probe reports it; then only the frames with the target in flight.
  const r = { ...(await stats(5)), longTasks: await page.evaluate(() => window.__long) };
  const atTarget = fromFrame === null ? null : await stats(fromFrame);
  console.log(JSON.stringify({ url, button: buttonName, throttle: Number(throttle), seconds: Number(secs), pressesPerSecond: Number(rate), presses, modalsClosed, inFlightPeak: peak, atTargetSince, inFlightAfterTarget: atTargetSince === null ? null : [heldMin, heldMax], ...r, atTarget }));
  console.log(`in flight after each press: ${samples.join(' ')}`);
} finally {
  await browser.close();
}
