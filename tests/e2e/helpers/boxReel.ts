import { expect, type Page } from '@playwright/test';
import path from 'node:path';
import { readCatalog } from '../../../scripts/i18nCatalogs.ts';

// The box reel as the player sees it: the item under each reel's marker, read from the mounted
// scene (SceneHost's `sceneShown`, BoxOpeningScene.shown), since the pixels cannot name it.

/** The item names under the markers now, or null while no scene draws the reel. */
export function reelShows(page: Page): Promise<string[] | null> {
  return page.getByTestId('box-reel').evaluate((el) => ((el as HTMLElement & { sceneShown?: () => unknown }).sceneShown?.() as string[] | null) ?? null);
}

/** The landed reel is still the one that played (not a new scene) and still shows `won` under the marker. */
export async function expectReelLandedOn(page: Page, won: string[]) {
  await expect(page.getByTestId('box-reel')).toHaveAttribute('data-scene-phase', 'finished');
  expect(await reelShows(page)).toEqual(won);
}

/**
 * The line under a landed reel, whatever the opening's celebration tier (src/features/boxes/winCelebration.ts's
 * headlines, read from the area's en-US catalog: the test runner loads no compiled catalog).
 */
const boxTexts = readCatalog(path.resolve(import.meta.dirname, '../../../src/features/boxes/i18n/en-US.json'));
export const REEL_RESULT_HEADLINE = new RegExp(['bigWin', 'hugeWin', 'megaWin', 'youWon'].map((key) => boxTexts[key]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
