import { FONT } from './style.ts';
import { waitTask } from './nextTask.ts';

// Canvas text is drawn once into a texture, and Pixi measures a font's ascent and descent once and
// keeps them: a label drawn while the site's font is still on its way stays in the fallback font,
// and so do the metrics of every text drawn after the font arrives (a late Inter left a landed dice
// scene's scale, target and verdict in another face on some loads). A scene is therefore mounted once
// the face its text uses has loaded, or once a player on a slow link has waited long enough for it.

/** The longest a scene's start waits for its font: past it, the scene draws in the fallback face. */
export const SCENE_FONT_WAIT_MS = 3_000;

/** Resolves once the scenes' font (the weights are one variable file) has loaded or failed, or after SCENE_FONT_WAIT_MS. */
export function sceneFontReady(): Promise<void> {
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  if (!fonts) return Promise.resolve();
  // The Latin face: the subsets of other scripts load when their glyphs are first asked for.
  const loaded = fonts.load(`700 16px ${FONT}`).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([loaded, waitTask(SCENE_FONT_WAIT_MS)]);
}
