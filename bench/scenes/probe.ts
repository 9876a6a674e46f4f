// Frame time of one scene-lab scene while it plays, measured like the team's frame probe
// (/work/shared/tools/frame-probe.mjs: same Chromium flags and viewport, CPU throttling through CDP,
// requestAnimationFrame intervals (from the end of a warm-up; the team probe drops the first 5 frames), the same quantile formula, long tasks > 50 ms),
// plus what that probe cannot do here:
// - it closes the daily bonus modal (docs/product.md §2: it opens a few seconds after any page starts,
//   its backdrop swallows every click, and its blur is redrawn on every frame the canvas changes);
// - it presses from inside the page (a timer calling the button's click()): Playwright's click waits
//   for the button to be stable over two animation frames, which at throttled frame rates takes
//   longer than the press interval, and a round trip per press would bound the rate the same way;
// - `pressesPerSecond` 'idle' presses again as soon as the scene is no longer running
//   (data-scene-phase), so a one-outcome scene (box, dice, upgrade, crash, wheel, battle) animates
//   for the whole measurement, back to back;
// - on plinko it samples the lab's 'In flight: N' every 250 ms, so the report says how many balls
//   were in flight.
// With `profile` it records a CDP CPU profile of the page over the measurement and returns the
// functions with the most self time.
import type { Browser, CDPSession } from 'playwright';

export interface SceneProbe {
  url: string;
  /** The play button's accessible name; the last button of that name (the lab's tabs come first). */
  button: string;
  /** Presses per second, or 'idle': press whenever the scene is not running. */
  pressesPerSecond: number | 'idle';
  /** Measured after pressing for this long (plinko: until the balls in flight reach their steady count). */
  warmupSeconds: number;
  seconds: number;
  throttle: number;
  profile?: boolean;
}

export interface SceneFrames {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  longTasks: number;
  presses: number;
  /** Plinko only: balls in flight, sampled every 250 ms over the measurement. */
  inFlight: { min: number; median: number; max: number } | null;
  /** The canvas's drawing resolution at the end (canvas pixels per CSS pixel): lower than at the start when dynamic resolution stepped down. */
  resolution: number;
  /** With `profile`: the top functions by self time, as "ms  name (file:line)". */
  topFunctions: string[] | null;
}

declare global {
  interface Window {
    __dt: number[];
    __long: number;
    __presses: number;
    __inFlight: number[];
  }
}

/** The team probe's viewport, 1440×900; SCENES_VIEWPORT=WxH for another (how a frame's cost scales with its pixels). */
export const VIEWPORT = (([w, h]) => ({ width: w!, height: h! }))((process.env.SCENES_VIEWPORT ?? '1440x900').split('x').map(Number));

/** The team probe's launch flags, SwiftShader WebGL included. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-unsafe-swiftshader'];

export async function probeScene(browser: Browser, probe: SceneProbe): Promise<SceneFrames> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  try {
    await page.goto(probe.url, { waitUntil: 'load', timeout: 120_000 });
    const stage = page.getByTestId('scene-stage');
    await stage.and(page.locator('[data-scene-phase="ready"]')).waitFor({ timeout: 60_000 });
    // The bonus modal opens a few seconds after start: wait for it (or its time) and close it.
    const bonus = page.getByRole('dialog', { name: 'Daily bonus' });
    await bonus.waitFor({ timeout: 15_000 }).catch(() => {});
    if (await bonus.isVisible()) await bonus.getByRole('button', { name: 'Close' }).click();
    await page.waitForTimeout(1000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: probe.throttle });
    await page.evaluate(
      ({ button, rate }) => {
        window.__dt = [];
        let last = performance.now();
        const frame = (t: number) => {
          window.__dt.push(t - last);
          last = t;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
        window.__long = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (e.duration > 50) window.__long++;
        }).observe({ entryTypes: ['longtask'] });
        const buttons = [...document.querySelectorAll<HTMLButtonElement>('button')].filter((b) => b.textContent?.trim() === button);
        const play = buttons[buttons.length - 1];
        if (!play) throw new Error(`no button '${button}'`);
        const stageEl = document.querySelector<HTMLElement>('[data-testid="scene-stage"]')!;
        window.__presses = 0;
        const press = () => {
          play.click();
          window.__presses++;
        };
        if (rate === 'idle') {
          setInterval(() => {
            if (stageEl.dataset.scenePhase !== 'running') press();
          }, 100);
        } else setInterval(press, 1000 / rate);
        window.__inFlight = [];
        const counter = document.querySelector('[data-testid="balls-in-flight"]');
        if (counter) setInterval(() => window.__inFlight.push(Number(/\d+/.exec(counter.textContent ?? '')?.[0] ?? NaN)), 250);
      },
      { button: probe.button, rate: probe.pressesPerSecond },
    );
    await page.waitForTimeout(probe.warmupSeconds * 1000);
    // The measurement starts here: frames, long tasks, presses and counts from now on.
    await page.evaluate(() => {
      window.__dt = [];
      window.__long = 0;
      window.__presses = 0;
      window.__inFlight = [];
    });
    if (probe.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    await page.waitForTimeout(probe.seconds * 1000);
    const topFunctions = probe.profile ? await topSelfTime(cdp) : null;
    const r = await page.evaluate(() => {
      const d = [...window.__dt].sort((a, b) => a - b);
      const q = (x: number) => d[Math.floor(x * (d.length - 1))] ?? NaN;
      const f = [...window.__inFlight].sort((a, b) => a - b);
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="scene-stage"] canvas');
      return {
        resolution: canvas ? +(canvas.width / canvas.getBoundingClientRect().width).toFixed(2) : NaN,
        frames: d.length,
        p50: +q(0.5).toFixed(1),
        p95: +q(0.95).toFixed(1),
        max: +(d[d.length - 1] ?? NaN).toFixed(1),
        longTasks: window.__long,
        presses: window.__presses,
        inFlight: f.length ? { min: f[0]!, median: f[Math.floor((f.length - 1) / 2)]!, max: f[f.length - 1]! } : null,
      };
    });
    return { ...r, topFunctions };
  } finally {
    await page.close();
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

async function topSelfTime(cdp: CDPSession): Promise<string[]> {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[] } };
  const samples = profile.samples?.length ?? 1;
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / samples;
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.split('/').pop() ?? '';
    const key = `${functionName || '(anonymous)'}${file ? ` (${file}:${lineNumber + 1})` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + (node.hitCount ?? 0));
  }
  const total = [...byFunction.values()].reduce((a, b) => a + b, 0);
  return [...byFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, hits]) => `${((hits / total) * 100).toFixed(1).padStart(5)} %  ${(hits * msPerSample).toFixed(0).padStart(6)} ms  ${name}`);
}
