import { useEffect, useRef, useState } from 'react';
import type { Tuning, TuningControl, TuningValues } from '../../../scenes/kit/tuning.ts';

// The scene lab's live controls for a scene's tuning (scenes/kit/tuning.ts), drawn by tweakpane:
// a slider per number, a colour picker per colour, a list per easing or sound cue, changes apply at once (scenes read the live values), and Export / Import move
// the values as the JSON of scenes/<game>/tuning.json, which becomes the committed defaults.
// tweakpane loads with the lab only (a dynamic import), never on a shop page.

/**
 * The part of tweakpane's Pane the lab uses. Its own typings extend @tweakpane/core's, which the
 * tweakpane package does not install, so TypeScript sees a Pane without these methods.
 */
interface PaneApi {
  addBinding(target: object, key: string, params: Record<string, unknown>): { on(event: 'change', handler: () => void): void };
  addButton(params: { title: string }): { on(event: 'click', handler: () => void): void };
  refresh(): void;
  dispose(): void;
}

/** Tweakpane's binding for a control: a slider, a colour picker or a list. */
function bindingParams(control: TuningControl): Record<string, unknown> {
  if ('colour' in control) return { label: control.label, view: 'color' };
  if ('options' in control) return { label: control.label, options: Object.fromEntries(control.options.map((o) => [o, o])) };
  return { min: control.min, max: control.max, step: control.step, label: control.label };
}

export function TuningPanel<T extends TuningValues>({ tuning }: { tuning: Tuning<T> }) {
  const container = useRef<HTMLDivElement>(null);
  const refresh = useRef<() => void>(() => undefined);
  const [problems, setProblems] = useState<string[]>([]);

  useEffect(() => {
    let disposed = false;
    let dispose = () => undefined as void;
    void import('tweakpane').then(({ Pane }) => {
      if (disposed || !container.current) return;
      const pane = new Pane({ container: container.current, title: `Tuning: ${tuning.name}` }) as unknown as PaneApi;
      // Each binding writes its live value in place, then tells the scenes that bake (glows, gauges).
      for (const key of tuning.keys()) pane.addBinding(tuning.values, key, bindingParams(tuning.controls[key])).on('change', () => tuning.changed());
      pane.addButton({ title: 'Reset to the committed defaults' }).on('click', () => {
        tuning.reset();
        pane.refresh();
      });
      refresh.current = () => pane.refresh();
      const root = container.current;
      nameControls(root);
      // Colour pickers build their inputs when opened: name those too.
      const observer = new MutationObserver(() => nameControls(root));
      observer.observe(root, { childList: true, subtree: true });
      dispose = () => {
        observer.disconnect();
        pane.dispose();
      };
    });
    return () => {
      disposed = true;
      dispose();
    };
  }, [tuning]);

  const exportJson = () => {
    const blob = new Blob([`${JSON.stringify(tuning.toJSON(), null, 2)}\n`], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'tuning.json';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const importJson = async (file: File | undefined) => {
    if (!file) return;
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      setProblems(['The file is not valid JSON.']);
      return;
    }
    const found = tuning.apply(json);
    setProblems(found);
    if (!found.length) refresh.current();
  };

  return (
    <div className="scene-lab__tuning" data-testid="tuning-panel">
      <div ref={container} />
      <div className="scene-lab__tuning-files">
        <button type="button" className="btn btn--secondary" onClick={exportJson}>
          Export tuning.json
        </button>
        <label className="btn btn--ghost">
          Import tuning.json
          <input type="file" accept="application/json,.json" hidden onChange={(e) => {
              void importJson(e.target.files?.[0]);
              e.target.value = ''; // the same file can be imported again
            }}
          />
        </label>
      </div>
      {problems.length > 0 && (
        <ul className="scene-lab__tuning-problems" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * tweakpane draws a row's label as text beside its inputs, not as a <label> tied to them, so screen
 * readers (and axe) find nameless text fields, lists and swatch buttons: each control inside a row
 * is named after the row's label (the value's key), once.
 */
function nameControls(root: HTMLElement): void {
  for (const row of root.querySelectorAll<HTMLElement>('.tp-lblv')) {
    const label = row.querySelector('.tp-lblv_l')?.textContent?.trim();
    if (!label) continue;
    for (const control of row.querySelectorAll<HTMLElement>('input, select, button')) {
      if (!control.hasAttribute('aria-label')) control.setAttribute('aria-label', label);
    }
  }
}
