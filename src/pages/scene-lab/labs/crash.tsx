import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LabFrame, Num, type Lab, type LabProps } from '../labKit.tsx';
import { useScene } from '../../../features/scenes/useScene.ts';
import { CrashScene, type CrashReplay } from '../../../../scenes/crash/CrashScene.ts';
import { crashTuning } from '../../../../scenes/crash/tuning.ts';
import { seededRandom } from '../../../../scenes/kit/random.ts';
import { LAB_NAMES } from '../labOutcomes.ts';

/** A crash round to replay: the chosen crash point and `players` cash-outs below it, from the seed; the first is "mine". */
function crashOutcome(seed: number, crashPoint: number, players: number, countdownMs: number): CrashReplay {
  const random = seededRandom(seed);
  const cashOuts = Array.from({ length: players }, (_, i) => {
    const multiplier = Math.floor((1 + random() * (Math.max(1.01, crashPoint) - 1)) * 100) / 100;
    return { key: i, name: LAB_NAMES[i % LAB_NAMES.length]!, multiplier: Math.max(1.01, multiplier), mine: i === 0 };
  }).filter((m) => m.multiplier <= crashPoint);
  return { crashPoint, cashOuts, countdownMs };
}

function CrashLab({ seed, view }: LabProps) {
  // ?crash=2.5 links a replay of that crash point (screenshots, the frame-time probe).
  const [params] = useSearchParams();
  const [crashText, setCrashText] = useState(() => params.get('crash') ?? '2.50');
  const [players, setPlayers] = useState(4);
  const [countdown, setCountdown] = useState(3);
  const crash = useScene(() => new CrashScene({ seed }), [seed], { ...view, background: 0x000000 });
  const crashPoint = Math.max(1, Number(crashText) || 1);
  const replay = () => void crash.play(crashOutcome(seed, crashPoint, players, countdown * 1000));
  return (
    <LabFrame scene={crash} height={440} dark tuning={crashTuning} play={{ label: 'Play round', onClick: replay }}>
      <label>
        Crash point <input aria-label="Crash point" inputMode="decimal" value={crashText} onChange={(e) => setCrashText(e.target.value)} />
      </label>
      <Num label="Cash-outs" value={players} min={0} max={10} onChange={setPlayers} />
      <Num label="Countdown (s)" value={countdown} min={0} max={7} onChange={setCountdown} />
    </LabFrame>
  );
}

export const lab: Lab = { title: 'Crash', order: 60, Component: CrashLab };
