// Test-only crash points (docs/security.md, "Crash safety"): with FAULT_POINT set, the process
// kills itself with SIGKILL, as a power cut or `kill -9` would, when the named point is passed for
// the FAULT_POINT_AFTER-th time. Without FAULT_POINT every point is the empty function below, and
// production refuses to start with it (server/config.ts). The wallet names its points after the
// money it moves: `moved:<reason>` after a movement inside a transaction (before commit),
// `committed:<reason>` after the commit, before anyone is answered or told.

export type FaultPoint = (name: string) => void;

export const noFaultPoints: FaultPoint = () => {};

export interface FaultTarget {
  name: string;
  /** The pass of the point that kills (1: the first). */
  after: number;
}

export function faultPoints(target: FaultTarget | undefined, die: () => void = () => process.kill(process.pid, 'SIGKILL')): FaultPoint {
  if (!target) return noFaultPoints;
  let passes = 0;
  return (name) => {
    if (name === target.name && ++passes >= target.after) die();
  };
}
