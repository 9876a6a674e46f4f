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
