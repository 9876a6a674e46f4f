// Where a big win's moment sits over a scene (scenes/kit/bigWinMoment.ts, loaded with the first
// win to judge): kept apart so every game page can take the moment away on its next play without
// loading the moment's code.

export const BIG_WIN_TEST_ID = 'big-win';

/** Removes the moment over `element`; a pile still falling stops with it (its canvas has left the page). */
export function clearBigWin(element: HTMLElement): void {
  element.querySelector(`:scope > [data-testid="${BIG_WIN_TEST_ID}"]`)?.remove();
}
