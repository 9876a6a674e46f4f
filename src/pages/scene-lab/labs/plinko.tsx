import { useEffect, useRef, useState } from 'react';
import { LabFrame, Num, type Lab, type LabProps } from '../labKit.tsx';
import { useScene } from '../../../features/scenes/useScene.ts';
import { Button } from '../../../components/Button.tsx';
import { PlinkoScene, type PlinkoResult } from '../../../../scenes/plinko/PlinkoScene.ts';
import { plinkoTuning } from '../../../../scenes/plinko/tuning.ts';
import { seededRandom } from '../../../../scenes/kit/random.ts';

/** Payout tables for the lab's buckets: shaped like the real ones, edges high, centre low. */
function labMultipliers(rows: number): number[] {
  return Array.from({ length: rows + 1 }, (_, slot) => {
    const t = Math.abs(slot - rows / 2) / (rows / 2);
    return Number((0.5 + t ** 3 * (rows * 6)).toFixed(1));
  });
}

function plinkoOutcome(random: () => number, rows: number): PlinkoResult {
  const path: number[] = Array.from({ length: rows }, () => (random() < 0.5 ? 0 : 1));
  const slot = path.reduce((a, b) => a + b, 0);
  return { path, slot, multiplier: labMultipliers(rows)[slot] ?? 1 };
}

function PlinkoLab({ seed, view }: LabProps) {
  const [rows, setRows] = useState(16);
  const plinko = useScene(() => new PlinkoScene({ rows: 16, multipliers: labMultipliers(16), seed }), [seed], { ...view, background: 0x000000 });
  const random = useRef(seededRandom(seed));
  useEffect(() => {
    random.current = seededRandom(seed);
  }, [seed]);
  useEffect(() => plinko.scene?.setBoard(rows, labMultipliers(rows)), [plinko.scene, rows]);
  const drop = (count: number) => {
    for (let i = 0; i < count; i++) void plinko.play(plinkoOutcome(random.current, rows));
  };
  return (
    <LabFrame scene={plinko} height={620} dark tuning={plinkoTuning} skip="ghost" status={<BallsInFlight scene={plinko.scene} />}>
      <Num label="Rows" value={rows} min={8} max={16} onChange={setRows} />
      <Button onClick={() => drop(1)}>Drop ball</Button>
      <Button variant="secondary" onClick={() => drop(5)}>Drop 5 balls</Button>
    </LabFrame>
  );
}

/** Polls the count on its own, so the lab around the canvas does not re-render four times a second. */
function BallsInFlight({ scene }: { scene: PlinkoScene | null }) {
  const [inFlight, setInFlight] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setInFlight(scene?.ballsInFlight ?? 0), 250);
    return () => clearInterval(timer);
  }, [scene]);
  return (
    <span className="scene-lab__outcome" data-testid="balls-in-flight">
      In flight: {inFlight}
    </span>
  );
}

export const lab: Lab = { title: 'Plinko', order: 40, Component: PlinkoLab };
