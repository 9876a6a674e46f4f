import { useState } from 'react';
import { LabFrame, Num, type Lab, type LabProps } from '../labKit.tsx';
import { useScene } from '../../../features/scenes/useScene.ts';
import { WheelScene, type WheelSpin } from '../../../../scenes/wheel/WheelScene.ts';
import { wheelTuning } from '../../../../scenes/wheel/tuning.ts';
import { seededRandom } from '../../../../scenes/kit/random.ts';
import { WHEEL_SEGMENTS } from '../../../../core/games/wheel.ts';

/** A wheel spin to replay: the landing segment from the seed; `win` throws the viewer's confetti. */
function wheelOutcome(seed: number, spinMs: number, win: boolean): WheelSpin {
  return { segment: Math.floor(seededRandom(seed)() * WHEEL_SEGMENTS), spinMs, win };
}

function WheelLab({ seed, view }: LabProps) {
  const [spinSeconds, setSpinSeconds] = useState(5);
  const [win, setWin] = useState(true);
  const wheel = useScene(() => new WheelScene({ seed }), [seed], { ...view, background: 0x000000 });
  const outcome = wheelOutcome(seed, spinSeconds * 1000, win);
  return (
    <LabFrame scene={wheel} height={520} dark tuning={wheelTuning} play={{ label: 'Spin', onClick: () => void wheel.play(outcome) }}>
      <Num label="Spin (s)" value={spinSeconds} min={1} max={9} step={0.5} onChange={setSpinSeconds} />
      <label>
        <input type="checkbox" checked={win} onChange={(e) => setWin(e.target.checked)} /> My win
      </label>
      <span className="scene-lab__outcome">Segment {outcome.segment}</span>
    </LabFrame>
  );
}

export const lab: Lab = { title: 'Wheel', order: 70, Component: WheelLab };
