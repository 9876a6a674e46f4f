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
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /mines/provably-fair: how a board's mines are placed, the player's seeds, and a calculator from
// seeds, nonce and mine count to the board (core/fair/mines.ts, the code the server runs).

function MinesCalculator({ seeds, onSeeds }: { seeds: SeedInput; onSeeds: (next: SeedInput) => void }) {
  const [count, setCount] = useQueryInput('mines', String(MINES_DEFAULT));
  const { value, error } = attempt(() => {
    const s = requireSeeds(seeds);
    const m = Number(count);
    if (!Number.isInteger(m) || m < MINES_MIN || m > MINES_MAX) throw new Error(t('minesRange', { min: String(MINES_MIN), max: String(MINES_MAX) }));
    return minesBoard(s.serverSeed, s.clientSeed, s.nonce, m);
  });
  return (
    <CalculatorFrame
      title={t('calculator')}
      error={error}
      result={
        value && (
          <>
            <ResultValue label={t('minesOnTiles')} value={value.join(', ')} testId="calc-mines-tiles" />
            <div className="mines-calc" aria-label={t('board')}>
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
      <TextInput label={t('mines')} name="mines" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
    </CalculatorFrame>
  );
}

export default function MinesFairPage() {
  const [seeds, setSeeds] = useSeedInput();
  return (
    <FairLayout title={t('fairTitle')} intro={<p>{t('fairIntro')}</p>}>
      <SeedsPanel onVerify={(p) => setSeeds({ serverSeed: p.server_seed, clientSeed: p.client_seed, nonce: String(p.nonce) })} />
      <MinesCalculator seeds={seeds} onSeeds={setSeeds} />
      <SeedPairFormula />
      <Formula title={t('formulaTitle')}>
        <pre>{t('formulaSteps')}</pre>
        <p>{t('formulaText')}</p>
      </Formula>
    </FairLayout>
  );
}
