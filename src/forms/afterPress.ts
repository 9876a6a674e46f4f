// A press (mouse button, touch or pen) that is down somewhere on the page, and work held until it
// ends. A field loses focus the moment a press lands on a form's button; if the field's check ran
// then, a message appearing or disappearing above the button moves the button before the press is
// released, and a release off the button is no click (the delivery form's Save, under load, was
// pressed and never submitted). Checks caused by a press wait for its release: held work runs at the
// release, before the click the browser dispatches in the same task, so work that changes the page
// starts a timer there (the form engine's 5 ms debounce) and the click comes first.

let down = false;
let waiting: (() => void)[] = [];

function pressEnded() {
  down = false;
  const run = waiting;
  waiting = [];
  for (const work of run) work();
}

if (typeof window !== 'undefined') {
  // Capture phase: a listener that stops the event on its way cannot hide a press from this watch.
  window.addEventListener('pointerdown', () => void (down = true), true);
  window.addEventListener('pointerup', pressEnded, true);
  window.addEventListener('pointercancel', pressEnded, true);
  // A release outside the window reaches no listener here; the window losing focus ends the wait.
  window.addEventListener('blur', pressEnded);
}

/** Runs `work` now, or when the press that is down ends (at its release, before its click). */
export function afterPress(work: () => void): void {
  if (down) waiting.push(work);
  else work();
}
