import { minesBoard } from '../../../core/fair/index.ts';
import { MINES_DEFAULT, MINES_MAX, MINES_MIN, MINES_TILES } from '../../../core/games/mines.ts';
import { attempt, CalculatorFrame, ResultValue, SeedFields } from '../../features/fair/CalculatorFrame.tsx';
import { requireSeeds } from '../../features/fair/calculators.tsx';
import { FairLayout, Formula } from '../../features/fair/FairLayout.tsx';
import { SeedsPanel } from '../../features/fair/SeedsPanel.tsx';
import { useQueryInput, useSeedInput, type SeedInput } from '../../features/fair/seedInput.ts';
import { SeedPairFormula } from '../fair/SeedPairFormula.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import './mines.css';

// /mines/provably-fair: how a board's mines are placed, the player's seeds, and a calculator from
// seeds, nonce and mine count to the board (core/fair/mines.ts, the code the server runs).

function MinesCalculator({ seeds, onSeeds }: { seeds: SeedInput; onSeeds: (next: SeedInput) => void }) {
  const [count, setCount] = useQueryInput('mines', String(MINES_DEFAULT));
  const { value, error } = attempt(() => {
    const s = requireSeeds(seeds);
    const m = Number(count);
    if (!Number.isInteger(m) || m < MINES_MIN || m > MINES_MAX) throw new Error(`Mines are ${MINES_MIN} to ${MINES_MAX}.`);
    return minesBoard(s.serverSeed, s.clientSeed, s.nonce, m);
  });
  return (
    <CalculatorFrame
      title="Mines calculator"
      error={error}
      result={
        value && (
          <>
            <ResultValue label="Mines on tiles" value={value.join(', ')} testId="calc-mines-tiles" />
            <div className="mines-calc" aria-label="The board">
              {Array.from({ length: MINES_TILES }, (_, i) => (
                <span key={i} className={value.includes(i) ? 'mines-calc__mine' : 'mines-calc__gem'}>
                  {value.includes(i) ? '✹' : '◆'}
                </span>
              ))}
            </div>
          </>
        )
      }
    >
      <SeedFields value={seeds} onChange={onSeeds} />
      <TextInput label="Mines" name="mines" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
    </CalculatorFrame>
  );
}

export default function MinesFairPage() {
  const [seeds, setSeeds] = useSeedInput();
  return (
    <FairLayout title="Mines: provably fair" intro={<p>Every Mines board is fixed when you bet, by your seed pair and the bet's nonce, before you reveal a tile. The board shows every mine when it ends; rotate your seeds to reveal the server seed and check any past board here.</p>}>
      <SeedsPanel onVerify={(p) => setSeeds({ serverSeed: p.server_seed, clientSeed: p.client_seed, nonce: String(p.nonce) })} />
      <MinesCalculator seeds={seeds} onSeeds={setSeeds} />
      <SeedPairFormula />
      <Formula title="Mines board">
        <pre>{`tiles = [0, 1, …, 24]              (row by row, 0 top left)
for i = 0 … 23:  pick tiles[floor(float_i × (25 − i))] and remove it
order = the picks, then the last tile left
mines = the first m tiles of the order`}</pre>
        <p>A Fisher–Yates shuffle driven by 24 floats of the bet (three HMAC rounds), as the well-known originals publish it. After k gems with m mines the multiplier is 0.99 × C(25, k) / C(25 − m, k), the inverse of the chance of k safe picks less a 1 % edge, shown and paid in hundredths rounded down; a cash-out pays floor(stake × multiplier).</p>
      </Formula>
    </FairLayout>
  );
}
