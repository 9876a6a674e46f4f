import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { readSoundMuted, storeSoundMuted } from '../../../scenes/kit/SceneSound.ts';
import type { Lab, LabView } from './labKit.tsx';
import './sceneLab.css';

// /scene-lab: every scene with live parameters and a seed box, so a designer can tune and replay
// any outcome; each tab shows its scene's tuning panel (TuningPanel). URL parameters (scene, seed, motion, resolution=adaptive for the game pages' dynamic resolution; reels for the box, seats and teams for the battle) make a state linkable for screenshots and the
// plinko frame-time bench. The tabs are the files of labs/ (each names its title and place; its file
// name is its `?scene=` key), so a new scene adds a file and no line here.

const LABS: ReadonlyMap<string, Lab> = new Map(
  Object.entries(import.meta.glob<Lab>('./labs/*.tsx', { eager: true, import: 'lab' }))
    .map(([file, lab]) => [file.slice('./labs/'.length, -'.tsx'.length), lab] as const)
    .sort((a, b) => a[1].order - b[1].order),
);

export default function SceneLabPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('scene') ?? 'box';
  const sceneKey = LABS.has(requested) ? requested : 'box';
  const seed = Number(params.get('seed') ?? 1) || 1;
  const motion = params.get('motion') === '0' ? 0 : 1;
  // Fixed unless asked: a designer tunes, and a visual baseline compares, the full-resolution picture.
  const resolution = params.get('resolution') === 'adaptive' ? 'adaptive' : 'fixed';
  const view: LabView = { motion, resolution };
  const Lab = LABS.get(sceneKey)!.Component;
  const [muted, setMuted] = useState(readSoundMuted);
  const update = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };

  return (
    <section className="page scene-lab">
      <header className="scene-lab__head">
        <h1>Scene lab</h1>
        <nav className="scene-lab__tabs" aria-label="Scenes">
          {[...LABS].map(([key, lab]) => (
            <button key={key} type="button" className={key === sceneKey ? 'is-active' : ''} aria-pressed={key === sceneKey} onClick={() => update('scene', key)}>
              {lab.title}
            </button>
          ))}
        </nav>
        <div className="scene-lab__globals">
          <label>
            Seed <input aria-label="Seed" type="number" value={seed} onChange={(e) => update('seed', e.target.value)} />
          </label>
          <label>
            <input type="checkbox" checked={motion === 0} onChange={(e) => update('motion', e.target.checked ? '0' : '1')} /> Reduced motion
          </label>
          <label>
            <input type="checkbox" checked={resolution === 'adaptive'} onChange={(e) => update('resolution', e.target.checked ? 'adaptive' : 'fixed')} /> Dynamic resolution
          </label>
          <label>
            <input
              type="checkbox"
              checked={muted}
              onChange={(e) => {
                storeSoundMuted(e.target.checked);
                setMuted(e.target.checked);
              }}
            />{' '}
            Mute
          </label>
        </div>
      </header>
      {/* Keyed by the view too: a change of motion or resolution starts the scene afresh. */}
      <Lab key={`${sceneKey}-${view.motion}-${view.resolution}`} seed={seed} view={view} />
    </section>
  );
}
