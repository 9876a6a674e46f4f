import type { ReactNode } from 'react';
import { TuningPanel } from './TuningPanel.tsx';
import { Button } from '../../components/Button.tsx';
import type { ScenePhase } from '../../../scenes/kit/Scene.ts';
import type { Tuning, TuningValues } from '../../../scenes/kit/tuning.ts';

// What every tab of the scene lab shares: its props, its frame (LabFrame: the stage, the controls
// with Play, Skip and the scene's phase, the tuning panel), a number slider and the entry each file
// of labs/ exports. A tab keeps only what is its own: its outcome, its controls, its play button's
// word. The lab page finds its tabs by reading labs/ (SceneLabPage.tsx), so a new scene's tab is a
// file of its own.

/** How every tab draws its scene: the lab's global switches, passed to useScene as they are. */
export interface LabView {
  motion: number;
  resolution: 'adaptive' | 'fixed';
}

export interface LabProps {
  seed: number;
  view: LabView;
}

/** A tab: its label, its place among the tabs (ascending) and its component. The file's name is its `?scene=` key. */
export interface Lab {
  title: string;
  order: number;
  Component: (props: LabProps) => ReactNode;
}

/** What the frame needs of a tab's scene (useScene's handle). */
interface LabScene {
  ref: (element: HTMLDivElement | null) => void;
  phase: ScenePhase;
  finish(): void;
}

interface LabFrameProps<T extends TuningValues> {
  scene: LabScene;
  /** The stage's height in pixels. */
  height: number;
  /** A black stage (the scenes drawn on pure black: crash, plinko, wheel). */
  dark?: boolean;
  tuning: Tuning<T>;
  /** The primary button that plays the tab's outcome, after the tab's own controls; a tab with several plays (plinko, mines) puts them among its controls. */
  play?: { label: string; onClick(): void };
  /** Skip's look: 'secondary' unless the tab's own buttons take that one. */
  skip?: 'secondary' | 'ghost';
  /** A live readout between Skip and the phase (plinko's balls in flight). */
  status?: ReactNode;
  /** The tab's own controls, before the play button. */
  children?: ReactNode;
}

/** A tab's frame: the stage, the controls (the tab's own, then Play, Skip and the phase) and the scene's tuning panel. */
export function LabFrame<T extends TuningValues>({ scene, height, dark, tuning, play, skip = 'secondary', status, children }: LabFrameProps<T>) {
  return (
    <>
      <div className={`scene-lab__stage${dark ? ' is-dark' : ''}`} style={{ height }}>
        <div ref={scene.ref} className="scene-lab__canvas" data-testid="scene-stage" />
      </div>
      <div className="scene-lab__controls">
        {children}
        {play && <Button onClick={play.onClick}>{play.label}</Button>}
        <Button variant={skip} onClick={scene.finish}>
          Skip
        </Button>
        {status}
        <span className={`scene-lab__phase is-${scene.phase}`}>{scene.phase}</span>
      </div>
      <TuningPanel tuning={tuning} />
    </>
  );
}

export function Num({ label, value, min, max, step = 1, onChange }: { label: string; value: number; min: number; max: number; step?: number; onChange(v: number): void }) {
  return (
    <label className="scene-lab__num">
      {label}
      <input type="range" min={min} max={max} step={step} value={value} onChange={(e) => onChange(Number(e.target.value))} />
      <output>{value}</output>
    </label>
  );
}
