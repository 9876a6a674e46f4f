import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { call } from '../../api/call.ts';
import { Modal } from '../../components/Modal.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { publicBet } from '../../../core/protocol/routes/transparency.ts';
import { HISTORY_GAME_LABELS, type BetHistoryRow, type HistoryGame } from '../../../core/protocol/history.ts';
import type { PublicBet } from '../../../core/protocol/transparency.ts';
import { FAIRNESS_PAGE } from '../../../core/games/verifyPaths.ts';
import { sha256Hex } from '../../../core/fair/index.ts';
import { BoxCalculator, DiceCalculator, PlinkoCalculator, UpgradeCalculator } from '../fair/calculators.tsx';
import { LimboCalculator } from '../../pages/limbo/LimboCalculator.tsx';
import { CalculatorQuery, useSeedInput, type SeedInput } from '../fair/seedInput.ts';
import { SeedPairList } from '../fair/SeedPairList.tsx';
import '../fair/fair.css';
import './verifyBet.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { richText } from '../../i18n/richText.tsx';

const t = translator(messages);

// Verify from the history: ONE modal for the bet the row names (docs/fairness.md, "Verify from the
// history"): its seeds (the server seed's hash, the client seed, the nonce), its result, and the
// calculator of that game only, filled with this bet's values from its verify link, so the check is
// of this bet and no other game's calculator is filled with the same seeds. While the bet's seed pair
// is in use the server seed is secret: the modal says to rotate the seed to reveal it, and links the
// game's fairness page where the seeds are rotated.

type CalculatorOf = (seeds: SeedInput, onSeeds: (next: SeedInput) => void) => ReactNode;

/** The games played on the seed pair whose calculator the modal holds (the others link to their page). */
const CALCULATORS: Partial<Record<HistoryGame, CalculatorOf>> = {
  box: (seeds, onSeeds) => <BoxCalculator seeds={seeds} onSeeds={onSeeds} />,
  upgrade: (seeds, onSeeds) => <UpgradeCalculator seeds={seeds} onSeeds={onSeeds} />,
  dice: (seeds, onSeeds) => <DiceCalculator seeds={seeds} onSeeds={onSeeds} />,
  plinko: (seeds, onSeeds) => <PlinkoCalculator seeds={seeds} onSeeds={onSeeds} />,
  limbo: (seeds, onSeeds) => <LimboCalculator seeds={seeds} onSeeds={onSeeds} />,
};

/** The game's calculator, its seeds and inputs started from the bet's verify link (inside its CalculatorQuery). */
function BetCalculator({ calculator }: { calculator: CalculatorOf }) {
  const [seeds, setSeeds] = useSeedInput();
  return <>{calculator(seeds, setSeeds)}</>;
}

function Seeds({ bet }: { bet: PublicBet }) {
  const seeds = bet.seeds!;
  const calculator = CALCULATORS[bet.game];
  const query = useMemo(() => new URLSearchParams(bet.verify_path?.split('?')[1]?.split('#')[0] ?? ''), [bet.verify_path]);
  const committed = seeds.server_seed !== null && sha256Hex(seeds.server_seed) === seeds.server_seed_hash;
  return (
    <>
      <SeedPairList seeds={seeds} hidden={t('hidden')} className="verify-bet__seeds" />
      {seeds.server_seed === null ? (
        <p className="verify-bet__hidden" data-testid="verify-bet-hidden">
          {richText(t, 'serverSeedHidden', { rotateLink: <Link to={FAIRNESS_PAGE[bet.game as keyof typeof FAIRNESS_PAGE] ?? '/provably-fair'}>{t('rotateSeed')}</Link> })}
        </p>
      ) : (
        <>
          <p className={committed ? 'verify-bet__ok' : 'verify-bet__bad'} data-testid="verify-bet-commitment">
            {committed ? t('hashMatches') : t('hashMismatch')}
          </p>
          {calculator ? (
            <CalculatorQuery.Provider value={query}>
              <BetCalculator calculator={calculator} />
            </CalculatorQuery.Provider>
          ) : (
            bet.verify_path && <Link to={bet.verify_path}>{t('openCalculator')}</Link>
          )}
        </>
      )}
    </>
  );
}

export function VerifyBetModal({ row, onClose }: { row: BetHistoryRow; onClose: () => void }) {
  const [bet, setBet] = useState<PublicBet | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    call(publicBet, { params: { id: row.public_id } }).then(
      (res) => live && setBet(res.data),
      () => live && setBet('failed'),
    );
    return () => {
      live = false;
    };
  }, [row.public_id]);
  return (
    <Modal title={t('verifyTitle', { game: HISTORY_GAME_LABELS[row.game] })} onClose={onClose} className="verify-bet">
      <div data-testid="verify-bet">
        <dl className="fair-kv">
          <dt>{t('result')}</dt>
          <dd data-testid="verify-bet-result">{row.result}</dd>
          <dt>{t('fairness')}</dt>
          <dd>{row.fairness}</dd>
        </dl>
        {bet === null ? (
          <Spinner />
        ) : bet === 'failed' ? (
          <p>{t('loadFailed')}</p>
        ) : bet.seeds ? (
          <Seeds bet={bet} />
        ) : (
          // Round games and battles are decided by their own published seeds, on their own calculators.
          bet.verify_path && <Link to={bet.verify_path}>{t('openCalculator')}</Link>
        )}
      </div>
    </Modal>
  );
}

/** The history row's Verify: opens the bet's modal. */
export function VerifyBetButton({ row }: { row: BetHistoryRow }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="history__verify verify-bet__open" onClick={() => setOpen(true)}>
        <ShieldCheck size={14} aria-hidden /> {t('verify')}
      </button>
      {open && <VerifyBetModal row={row} onClose={() => setOpen(false)} />}
    </>
  );
}
