import { useEffect, useState } from 'react';
import { LabFrame, Num, type Lab, type LabProps } from '../labKit.tsx';
import { useScene } from '../../../features/scenes/useScene.ts';
import { DiceScene, type DiceResult } from '../../../../scenes/dice/DiceScene.ts';
import { diceTuning } from '../../../../scenes/dice/tuning.ts';
import { seededRandom } from '../../../../scenes/kit/random.ts';
import { diceDisplayMultiplier } from '../../../../core/games/dice.ts';

function diceOutcome(seed: number, target: number, direction: 'under' | 'over', roll?: number): DiceResult {
  const r = roll ?? Math.floor(seededRandom(seed)() * 10001) / 100;
  const win = direction === 'under' ? r < target : r > target;
  return { roll: r, target, direction, win, multiplier: diceDisplayMultiplier(target, direction) };
}

function DiceLab({ seed, view }: LabProps) {
  const [target, setTarget] = useState(50);
  const [direction, setDirection] = useState<'under' | 'over'>('under');
  const [rollText, setRollText] = useState('');
  const dice = useScene(() => new DiceScene({ target: 50, direction: 'under', seed }), [seed], view);
  useEffect(() => dice.scene?.setTarget(target, direction), [dice.scene, target, direction]);
  const roll = rollText === '' ? undefined : Math.max(0, Math.min(100, Number(rollText)));
  const outcome = diceOutcome(seed, target, direction, roll);
  return (
    <LabFrame scene={dice} height={240} tuning={diceTuning} play={{ label: 'Roll', onClick: () => void dice.play(outcome) }}>
      <Num label="Target" value={target} min={2} max={98} step={0.01} onChange={setTarget} />
      <label>
        Direction{' '}
        <select value={direction} onChange={(e) => setDirection(e.target.value as 'under' | 'over')}>
          <option value="under">under</option>
          <option value="over">over</option>
        </select>
      </label>
      <label>
        Roll <input aria-label="Roll" placeholder={`seed → ${outcome.roll.toFixed(2)}`} value={rollText} onChange={(e) => setRollText(e.target.value)} />
      </label>
    </LabFrame>
  );
}

export const lab: Lab = { title: 'Dice', order: 20, Component: DiceLab };
