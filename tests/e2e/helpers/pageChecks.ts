import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { APP_LOADING } from './appLoading.ts';

// The page-by-page checks that tests/e2e/visual.spec.ts runs on one load of every route and size
// (docs/visual-qa.md, "One load, every check"): loading a page until it is still, its layout shift,
// axe, and sideways scrolling on phones. tests/e2e/layoutShift.spec.ts measures the filled
// leaderboard with the same observer.

/** Most cumulative layout shift a page may have from navigation until it is still (docs/performance.md, "Layout shift"). */
export const LAYOUT_SHIFT_LIMIT = 0.05;

interface ShiftReading {
  total: number;
  count: number;
  /** The moved elements with their entry's value, largest first. */
  sources: string[];
}

interface ShiftWatch {
  /** The entries so far, pending ones included (takeRecords): nothing waits on the observer's task. */
  read(): ShiftReading;
  /** The browser's own requestAnimationFrame: a frame that was rendered (Playwright's clock fakes the page's one). */
  frame(): Promise<void>;
}

/**
 * Sums the page's layout-shift entries not caused by recent input, from navigation on. Registered on
 * the context before any `page.clock` call: init scripts run in order, and this one keeps the
 * browser's real requestAnimationFrame before the clock replaces it with a timer.
 */
export async function watchLayoutShift(page: Page) {
  await page.context().addInitScript(() => {
    const raf = window.requestAnimationFrame.bind(window);
    const reading = { total: 0, count: 0, sources: [] as { text: string; value: number }[] };
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] };
    const take = (entries: PerformanceEntryList) => {
      for (const entry of entries as Shift[]) {
        if (entry.hadRecentInput) continue;
        reading.total += entry.value;
        reading.count += 1;
        for (const source of entry.sources ?? []) {
          const el = source.node instanceof Element ? source.node : source.node?.parentElement;
          if (el) reading.sources.push({ text: `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${entry.value.toFixed(3)}`, value: entry.value });
        }
      }
    };
    const observer = new PerformanceObserver((list) => take(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    const watch: ShiftWatch = {
      read: () => {
        take(observer.takeRecords());
        return { ...reading, sources: [...reading.sources].sort((a, b) => b.value - a.value).map((source) => source.text) };
      },
      frame: () => new Promise((done) => raf(() => done())),
    };
    (window as unknown as { __layoutShift: ShiftWatch }).__layoutShift = watch;
  });
}

/** Rendered frames a page may keep shifting for once it is still before its reading is taken anyway (about a second). */
const SHIFT_SETTLE_FRAMES = 60;

/**
 * The page's layout shift once it is still (see `openStill`) and then two rendered frames in a row
 * brought no new entry; a page still shifting after SHIFT_SETTLE_FRAMES is read there (`settled` false).
 */
export async function settledLayoutShift(page: Page): Promise<ShiftReading & { settled: boolean }> {
  return page.evaluate(async (maxFrames) => {
    const watch = (window as unknown as { __layoutShift: ShiftWatch }).__layoutShift;
    let last = watch.read().count;
    for (let quiet = 0, frames = 0; frames < maxFrames; frames++) {
      await watch.frame();
      const { count } = watch.read();
      quiet = count === last ? quiet + 1 : 0;
      last = count;
      if (quiet === 2) return { ...watch.read(), settled: true };
    }
    return { ...watch.read(), settled: false };
  }, SHIFT_SETTLE_FRAMES);
}

/**
 * Loads a page and waits until it is still: no loading overlay, network idle, no region saying it is
 * loading (aria-busy), fonts and every picture in (lazy ones made eager, so a full-page shot finds them loaded).
 */
export async function openStill(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator(APP_LOADING)).toHaveCount(0, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // A page's data can arrive after the network first fell idle (its request waits on the session, or
  // on a script that parses slowly on busy cores): a region whose data is still loading says so.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Lazy pictures below the fold would load (or not) while the full page is captured: load them all now.
    for (const img of document.images) img.loading = 'eager';
    const pending = [...document.images].filter((img) => !img.complete);
    await Promise.all(pending.map((img) => new Promise((done) => ['load', 'error'].forEach((type) => img.addEventListener(type, done, { once: true })))));
  });
}

/** Failure lines for a shift over the limit: `where` names the page and viewport. */
export async function layoutShiftFailures(page: Page, where: string): Promise<string[]> {
  const { total, sources, settled } = await settledLayoutShift(page);
  if (total <= LAYOUT_SHIFT_LIMIT) return [];
  return [`${where} layout shift ${total.toFixed(3)} (limit ${LAYOUT_SHIFT_LIMIT}${settled ? '' : `, still shifting ${SHIFT_SETTLE_FRAMES} frames after it was still`}): ${sources.slice(0, 6).join(' | ')}`];
}

/**
 * A page at rest draws nothing (docs/performance.md, "A page at rest"): no endless animation runs once
 * the page is loaded and still. One line per running endless animation (CSS or Web Animations), naming
 * it and its element; loading indicators are gone by then.
 */
export async function endlessAnimationFailures(page: Page, where: string): Promise<string[]> {
  const endless = await page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations === Infinity)
      .map((a) => {
        const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
        const name = 'animationName' in a ? String(a.animationName) : a.id || 'animation';
        return `${name} on ${target ? `${target.tagName.toLowerCase()}${target.className && typeof target.className === 'string' ? `.${target.className.trim().split(/\s+/).join('.')}` : ''}` : '?'}`;
      }),
  );
  return endless.map((e) => `${where} endless animation at rest: ${e}`);
}

/** axe rules set aside for exact elements, each with the reason (none today; docs/client-shell.md, "Accessibility"). */
const AXE_EXCLUDED: { rule: string; selector: string; why: string }[] = [];

/** Moderate rules every page has cleared, held like the serious ones so none slips back. */
const HELD_MODERATE_RULES = ['page-has-heading-one'];

/** axe-core's serious and critical violations (and the held moderate rules') on the page as it is, one line per rule naming page, viewport, rule and elements. */
export async function seriousAxeViolations(page: Page, where: string): Promise<string[]> {
  // Only violations are read: axe keeps one node of each passed or incomplete rule instead of all of them
  // (the same rules run). `options` replaces the builder's options, so it comes before the tags.
  // Legacy mode runs axe once in the page itself: the default mode opens a blank page of its own for
  // every analysis to join its frames' results, and our pages have no frames. Both modes reported the
  // same violations, every impact, on all 94 pages of the sweep (1.19 s against 0.52 s an analysis).
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode(true)
    .analyze();
  const failures: string[] = [];
  for (const v of violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical' && !HELD_MODERATE_RULES.includes(v.id)) continue;
    const targets = v.nodes.map((n) => n.target.join(' ')).filter((t) => !AXE_EXCLUDED.some((e) => e.rule === v.id && e.selector === t));
    if (targets.length) failures.push(`${where} axe ${v.id} (${v.impact}): ${targets.slice(0, 5).join(' | ')}`);
  }
  return failures;
}

/** The phone widths no page may scroll sideways at (docs/client-shell.md, "Phones"), besides the phone load's own 390. */
export const PHONE_WIDTHS = [320, 375, 430];

/**
 * How far the page scrolls sideways at its current size (0 when it does not) and the first elements
 * past the right edge, to say what to fix. Waits for the layout to settle first: the window has its
 * new width and the page's size has not changed for six rendered frames (the device store applies a
 * resize 50 ms after it, src/stores/device.ts; scenes resize their canvas on a ResizeObserver), or
 * at most 120 frames for a page whose height keeps moving.
 */
async function sidewaysOverflow(page: Page, width: number): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(async (width) => {
    const watch = (window as unknown as { __layoutShift?: ShiftWatch }).__layoutShift;
    const rendered = watch?.frame ?? (() => new Promise<void>((done) => requestAnimationFrame(() => done())));
    // A frame, or 100 ms when none comes (a resized page at rest was once left without one for the
    // test's whole three minutes): the settling loop below stays bounded at about 12 s.
    const frame = () => Promise.race([rendered(), new Promise<void>((done) => setTimeout(done, 100))]);
    const size = () => `${window.innerWidth} ${document.documentElement.scrollWidth} ${document.documentElement.scrollHeight}`;
    let last = '';
    for (let same = 0, frames = 0; same < 6 && frames < 120; frames++) {
      await frame();
      const now = size();
      same = now === last && window.innerWidth === width ? same + 1 : 0;
      last = now;
    }
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    const edge = window.innerWidth + 0.5;
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
    const elements = [...document.querySelectorAll('body *')];
    // The elements past the right edge; else the innermost ones whose content (a pseudo-element, text) spills past it.
    let culprits = elements.filter((el) => el.getBoundingClientRect().right > edge).map((el) => `${name(el)} right=${Math.round(el.getBoundingClientRect().right)}`);
    if (!culprits.length) {
      const spills = elements.filter((el) => el.getBoundingClientRect().left + el.scrollWidth > edge && getComputedStyle(el).overflowX === 'visible');
      culprits = spills.filter((el) => !spills.some((other) => other !== el && el.contains(other))).map((el) => `${name(el)} content to ${Math.round(el.getBoundingClientRect().left + el.scrollWidth)}`);
    }
    return { overflow, culprits: culprits.slice(0, 5) };
  }, width);
}

/**
 * Sideways scrolling on the phone load: at its own width, then the same page resized to each of
 * PHONE_WIDTHS (no reload). Failure lines name the page, the width and the elements past the edge.
 */
export async function phoneOverflowFailures(page: Page, path: string): Promise<string[]> {
  const { width, height } = page.viewportSize()!;
  const failures: string[] = [];
  for (const w of [width, ...PHONE_WIDTHS]) {
    if (w !== page.viewportSize()!.width) await page.setViewportSize({ width: w, height });
    const { overflow, culprits } = await sidewaysOverflow(page, w);
    if (overflow > 0) failures.push(`${path} @${w}×${height} scrolls sideways: +${overflow}px ${culprits.join(' | ')}`);
  }
  return failures;
}
