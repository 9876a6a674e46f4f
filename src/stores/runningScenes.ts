import { create } from 'zustand';

// How many mounted scenes are in their 'running' phase now (reported by useScene from each
// SceneHost). Overlays that would cover a result (the daily bonus) wait for none to run.
export interface RunningScenesState {
  running: number;
  started(): void;
  stopped(): void;
}

export const useRunningScenes = create<RunningScenesState>((set) => ({
  running: 0,
  started: () => set((s) => ({ running: s.running + 1 })),
  stopped: () => set((s) => ({ running: Math.max(0, s.running - 1) })),
}));
