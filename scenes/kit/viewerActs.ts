// Whether the viewer has done anything on the page yet: touched, clicked, moved the pointer, pressed
// a key or turned the wheel. A round scene (crash, wheel) that nobody has acted on draws at a low rate
// (SceneApp's idleFrameRate): a page opened and left alone, a phone in a pocket, or a page measured
// right after its load (Lighthouse counts every frame's main-thread time as blocking) costs a fraction
// of full motion, and the first act anywhere on the page brings full motion back (docs/scenes.md,
// "When a frame is drawn"). What a page needs only once someone plays (a bet form's schema) is fetched
// at the first act too (whenViewerActs), not in a load a phone pays whether or not it plays.

const ACTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const satisfies readonly (keyof WindowEventMap)[];

let acted = false;
let listening = false;
const waiting = new Set<() => void>();

function onAct(): void {
  acted = true;
  for (const type of ACTS) removeEventListener(type, onAct, true);
  const callbacks = [...waiting];
  waiting.clear();
  for (const callback of callbacks) callback();
}

/** True once the viewer has acted on the page (listening starts at the first question). */
export function viewerHasActed(): boolean {
  if (!acted && !listening && typeof addEventListener === 'function') {
    listening = true;
    for (const type of ACTS) addEventListener(type, onAct, { capture: true, passive: true });
  }
  return acted;
}

/** Calls `callback` at the viewer's first act (at once if they have acted); returns the cancel. */
export function whenViewerActs(callback: () => void): () => void {
  if (viewerHasActed()) {
    callback();
    return () => undefined;
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}

/** A round scene's frames a second until the viewer acts: enough to follow a multiplier or a wheel. */
export const ROUND_SCENE_IDLE_FRAME_RATE = 15;
