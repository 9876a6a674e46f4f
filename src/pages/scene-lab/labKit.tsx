import type { ReactNode } from 'react';

// What every tab of the scene lab shares: its props, its frame (stage, controls, a number slider, the
// scene's phase) and the entry each file of labs/ exports. The lab page finds its tabs by reading
// labs/ (SceneLabPage.tsx), so a new scene's tab is a file of its own.

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

export function Stage({ stageRef, height, dark, children }: { stageRef: (el: HTMLDivElement | null) => void; height: number; dark?: boolean; children?: ReactNode }) {
  return (
    <div className={`scene-lab__stage${dark ? ' is-dark' : ''}`} style={{ height }}>
      <div ref={stageRef} className="scene-lab__canvas" data-testid="scene-stage" />
      {children}
    </div>
  );
}

export function Controls({ children }: { children: ReactNode }) {
  return <div className="scene-lab__controls">{children}</div>;
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

export function Phase({ phase }: { phase: string }) {
  return <span className={`scene-lab__phase is-${phase}`}>{phase}</span>;
}
