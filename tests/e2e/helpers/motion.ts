import type { BrowserContext, Page } from '@playwright/test';
import { MOTION_SETTING_KEY } from '../../../scenes/kit/motion.ts';

/**
 * Full motion as the player's choice in the settings (scenes/kit/motion.ts), for a page or a whole
 * context, before its first load: on software WebGL under load a page otherwise measures a slow
 * device and takes the reduced path (docs/scenes.md), so what a test sees would depend on the
 * machine's load (a battle's reduced ending once lit other cards than its full play's).
 */
export async function chooseFullMotion(target: Page | BrowserContext) {
  await target.addInitScript((key) => localStorage.setItem(key, '0'), MOTION_SETTING_KEY);
}

/**
 * The window of a journey that plays a scene in full motion for long (a crash flight, the coins of a
 * big win): still the desktop layout (wider than every layout breakpoint but the widest's 1280), with
 * less than half of 1440×900's pixels. Software WebGL fills every pixel of every frame on the
 * processor: bigWins' crash cash-out took 43.5 s of Chromium's GPU process at 1440×900 and 21.5 s
 * at 960×600 (84 → 62 s of processor, the machine otherwise quiet). The page sweep's pictures keep
 * 1440×900 (visual.spec.ts).
 */
export const MOTION_VIEWPORT = { width: 960, height: 600 } as const;
