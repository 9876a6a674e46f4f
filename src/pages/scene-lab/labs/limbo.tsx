import { useEffect, useState } from 'react';
import { LabFrame, Num, type Lab, type LabProps } from '../labKit.tsx';
import { useScene } from '../../../features/scenes/useScene.ts';
import { LimboScene, type LimboResult } from '../../../../scenes/limbo/LimboScene.ts';
import { limboTuning } from '../../../../scenes/limbo/tuning.ts';
import { seededRandom } from '../../../../scenes/kit/random.ts';
import { limboHundredthsOf } from '../../../../core/fair/limbo.ts';
import { limboWins } from '../../../../core/games/limbo.ts';

/** A limbo result from the seed (through the game's own mapping of a float) or as typed. */
function limboOutcome(seed: number, target: number, result?: number): LimboResult {
  const r = result ?? limboHundredthsOf(Math.floor(seededRandom(seed)() * 2 ** 32)) / 100;
  return { result: r, target, win: limboWins(r, target) };
}

function LimboLab({ seed, view }: LabProps) {
  const [target, setTarget] = useState(2);
  const [resultText, setResultText] = useState('');
  const limbo = useScene(() => new LimboScene({ target: 2, seed }), [seed], view);
  useEffect(() => limbo.scene?.setTarget(target), [limbo.scene, target]);
  const typed = resultText === '' ? undefined : Math.max(1, Math.floor(Number(resultText) * 100) / 100 || 1);
  const outcome = limboOutcome(seed, target, typed);
  return (
    <LabFrame scene={limbo} height={260} tuning={limboTuning} play={{ label: 'Bet', onClick: () => void limbo.play(outcome) }}>
      <Num label="Target" value={target} min={1.01} max={100} step={0.01} onChange={setTarget} />
      <label>
        Result <input aria-label="Result" placeholder={`seed → ${outcome.result.toFixed(2)}`} value={resultText} onChange={(e) => setResultText(e.target.value)} />
      </label>
    </LabFrame>
  );
}

export const lab: Lab = { title: 'Limbo', order: 30, Component: LimboLab };
