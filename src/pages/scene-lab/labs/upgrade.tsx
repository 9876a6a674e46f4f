import { useEffect, useState } from 'react';
import { LabFrame, Num, type Lab, type LabProps } from '../labKit.tsx';
import { useScene } from '../../../features/scenes/useScene.ts';
import { UpgradeScene, type UpgradeResult } from '../../../../scenes/upgrade/UpgradeScene.ts';
import { upgradeTuning } from '../../../../scenes/upgrade/tuning.ts';
import { seededRandom } from '../../../../scenes/kit/random.ts';

function upgradeOutcome(seed: number, chance: number, roll?: number): UpgradeResult {
  const r = roll ?? Math.floor(seededRandom(seed)() * 10000) / 100;
  return { chance, roll: r, win: r < chance };
}

function UpgradeLab({ seed, view }: LabProps) {
  const [chance, setChance] = useState(35);
  const [rollText, setRollText] = useState('');
  const upgrade = useScene(() => new UpgradeScene({ chance: 35, seed }), [seed], view);
  useEffect(() => upgrade.scene?.setChance(chance), [upgrade.scene, chance]);
  const roll = rollText === '' ? undefined : Math.max(0, Math.min(99.99, Number(rollText)));
  const outcome = upgradeOutcome(seed, chance, roll);
  return (
    <LabFrame scene={upgrade} height={420} tuning={upgradeTuning} play={{ label: 'Upgrade', onClick: () => void upgrade.play(outcome) }}>
      <Num label="Chance %" value={chance} min={1} max={90} step={0.01} onChange={setChance} />
      <label>
        Roll <input aria-label="Roll" placeholder={`seed → ${outcome.roll.toFixed(2)}`} value={rollText} onChange={(e) => setRollText(e.target.value)} />
      </label>
      <span className="scene-lab__outcome">{outcome.win ? 'Win' : 'Lose'}</span>
    </LabFrame>
  );
}

export const lab: Lab = { title: 'Upgrade', order: 50, Component: UpgradeLab };
