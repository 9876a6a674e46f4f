// Whether the viewer has done anything on the page yet: touched, clicked, moved the pointer, pressed
// a key or turned the wheel. A round scene (crash, wheel) that nobody has acted on draws at a low rate
// (SceneApp's idleFrameRate): a page opened and left alone, a phone in a pocket, or a page measured
// right after its load (Lighthouse counts every frame's main-thread time as blocking) costs a fraction
// of full motion, and the first act anywhere on the page brings full motion back (docs/scenes.md,
// "When a frame is drawn").

const ACTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const satisfies readonly (keyof WindowEventMap)[];

let acted = false;
let listening = false;

function onAct(): void {
  acted = true;
  for (const type of ACTS) removeEventListener(type, onAct, true);
}

/** True once the viewer has acted on the page (listening starts at the first question). */
export function viewerHasActed(): boolean {
  if (!acted && !listening && typeof addEventListener === 'function') {
    listening = true;
    for (const type of ACTS) addEventListener(type, onAct, { capture: true, passive: true });
  }
  return acted;
}

/** A round scene's frames a second until the viewer acts: enough to follow a multiplier or a wheel. */
export const ROUND_SCENE_IDLE_FRAME_RATE = 15;
