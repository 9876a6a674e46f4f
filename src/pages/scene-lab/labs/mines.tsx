import { useMemo, useState } from 'react';
import { LabFrame, Num, type Lab, type LabProps } from '../labKit.tsx';
import { useScene } from '../../../features/scenes/useScene.ts';
import { Button } from '../../../components/Button.tsx';
import { MinesScene, type MinesResult } from '../../../../scenes/mines/MinesScene.ts';
import { minesTuning } from '../../../../scenes/mines/tuning.ts';
import { seededRandom } from '../../../../scenes/kit/random.ts';

/** A board from the seed: the first `count` tiles of a seeded shuffle hold the mines (the lab's own, not the fair one). */
function labMines(seed: number, count: number): number[] {
  const random = seededRandom(seed);
  const tiles = Array.from({ length: 25 }, (_, i) => i);
  for (let i = 24; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [tiles[i], tiles[j]] = [tiles[j]!, tiles[i]!];
  }
  return tiles.slice(0, count);
}

function MinesLab({ seed, view }: LabProps) {
  const [count, setCount] = useState(3);
  const [board, setBoard] = useState<MinesResult>({ revealed: [], mines: null, status: 'open' });
  const mines = useScene(() => new MinesScene({ seed }), [seed], view);
  const placed = useMemo(() => labMines(seed, count), [seed, count]);
  const gems = Array.from({ length: 25 }, (_, i) => i).filter((i) => !placed.includes(i) && !board.revealed.includes(i));
  const show = (next: MinesResult) => {
    setBoard(next);
    void mines.play(next);
  };
  const fresh = () => {
    const next: MinesResult = { revealed: [], mines: null, status: 'open' };
    setBoard(next);
    mines.scene?.show(next);
  };
  const open = board.status === 'open';
  return (
    <LabFrame scene={mines} height={480} tuning={minesTuning}>
      <Num label={`Mines ${count}`} value={count} min={1} max={24} onChange={(v) => setCount(v)} />
      <Button disabled={!open || gems.length === 0} onClick={() => show({ ...board, revealed: [...board.revealed, gems[0]!], ...(gems.length === 1 ? { status: 'cashed_out', mines: placed } : {}) })}>
        Gem
      </Button>
      <Button disabled={!open} onClick={() => show({ revealed: [...board.revealed, placed[0]!], mines: placed, status: 'lost' })}>
        Mine
      </Button>
      <Button disabled={!open || board.revealed.length === 0} onClick={() => show({ ...board, mines: placed, status: 'cashed_out' })}>
        Cash out
      </Button>
      <Button variant="secondary" onClick={fresh}>New board</Button>
    </LabFrame>
  );
}

export const lab: Lab = { title: 'Mines', order: 90, Component: MinesLab };
