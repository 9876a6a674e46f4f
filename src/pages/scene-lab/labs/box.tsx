import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LabFrame, Num, type Lab, type LabProps } from '../labKit.tsx';
import { bigWinLabels, useScene } from '../../../features/scenes/useScene.ts';
import { BoxOpeningScene, type BoxOpeningResult } from '../../../../scenes/box-opening/BoxOpeningScene.ts';
import { boxTuning } from '../../../../scenes/box-opening/tuning.ts';
import { seededRandom } from '../../../../scenes/kit/random.ts';
import { LAB_BOX_PRICE, LAB_ITEMS, RARITY_CHOICES } from '../labOutcomes.ts';

function boxOutcome(seed: number, reels: number, rarity: (typeof RARITY_CHOICES)[number]): BoxOpeningResult {
  const random = seededRandom(seed);
  const won = Array.from({ length: reels }, () => {
    const pool = rarity === 'seed' ? LAB_ITEMS : LAB_ITEMS.filter((i) => i.rarity === rarity);
    return pool[Math.floor(random() * pool.length)] ?? LAB_ITEMS[0]!;
  });
  return { items: LAB_ITEMS, won, stake: LAB_BOX_PRICE * reels };
}

function BoxLab({ seed, view }: LabProps) {
  // ?reels=1..5 links an opening of several boxes (the frame-time bench plays five).
  const [params] = useSearchParams();
  const [reels, setReels] = useState(() => Math.min(5, Math.max(1, Number(params.get('reels')) || 1)));
  const [rarity, setRarity] = useState<(typeof RARITY_CHOICES)[number]>('seed');
  const box = useScene(() => new BoxOpeningScene({ seed, labels: bigWinLabels() }), [seed], view);
  const outcome = useMemo(() => boxOutcome(seed, reels, rarity), [seed, reels, rarity]);
  return (
    <LabFrame scene={box} height={Math.max(240, reels * 150)} tuning={boxTuning} play={{ label: 'Play', onClick: () => void box.play(outcome) }}>
      <Num label="Reels" value={reels} min={1} max={5} onChange={setReels} />
      <label>
        Rarity{' '}
        <select value={rarity} onChange={(e) => setRarity(e.target.value as typeof rarity)}>
          {RARITY_CHOICES.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <span className="scene-lab__outcome">Won: {outcome.won.map((w) => w.name).join(', ')}</span>
    </LabFrame>
  );
}

export const lab: Lab = { title: 'Box opening', order: 10, Component: BoxLab };
