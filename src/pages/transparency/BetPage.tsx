import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { call } from '../../api/call.ts';
import { publicBet } from '../../../core/protocol/routes/transparency.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { formatDateTime } from '../../format/format.ts';
import { diceRoll, floats, limboResult, sha256Hex } from '../../../core/fair/index.ts';
import { HISTORY_GAME_LABELS } from '../../../core/protocol/history.ts';
import type { PublicBet } from '../../../core/protocol/transparency.ts';
import type { SeedPairGame } from '../../../core/games/catalog.ts';
import '../../features/fair/fair.css';
import './transparency.css';

// /bets/:id (docs/transparency.md): one bet's public page, addressed by its random public id. What
// was staked and paid, when, and what decided it; once the seed pair is revealed, the derivation and
// a Verify button that recomputes it here in the browser with core's own fairness code (core/fair).

/**
 * The outcome in words of the games the seeds alone decide (no other input: a plinko board's rows, a
 * box's odds, a Mines count are in their calculators, one click away). Typed by the catalog's ids.
 */
const SEED_OUTCOMES: Partial<Record<SeedPairGame, (server: string, client: string, nonce: number) => string>> = {
  dice: (s, c, n) => `Roll ${diceRoll(s, c, n).toFixed(2)}`,
  limbo: (s, c, n) => `Result ${limboResult(s, c, n).toFixed(2)}×`,
};

interface Check {
  committed: boolean;
  float: number;
  /** The game's own figure where its formula needs no more than the seeds (a dice roll, a Limbo result). */
  outcome: string | null;
}

function verify(seeds: NonNullable<PublicBet['seeds']>, game: PublicBet['game']): Check | null {
  if (seeds.server_seed === null) return null;
  const { server_seed: server, client_seed: client, nonce } = seeds;
  const outcome = SEED_OUTCOMES[game as SeedPairGame]?.(server, client, nonce) ?? null;
  return { committed: sha256Hex(server) === seeds.server_seed_hash, float: floats(server, client, nonce, 1)[0]!, outcome };
}

function Derivation({ bet }: { bet: PublicBet }) {
  const [check, setCheck] = useState<Check | null>(null);
  const seeds = bet.seeds;
  if (!seeds) return null;
  return (
    <section className="fair-panel fair-formula">
      <h2>Derivation</h2>
      <dl className="fair-kv">
        <dt>Server seed hash</dt>
        <dd className="fair-mono">{seeds.server_seed_hash}</dd>
        <dt>Server seed</dt>
        <dd className="fair-mono">{seeds.server_seed ?? 'Not revealed yet: the player rotates the seed pair to reveal it.'}</dd>
        <dt>Client seed</dt>
        <dd className="fair-mono">{seeds.client_seed}</dd>
        <dt>Nonce</dt>
        <dd className="fair-mono">{seeds.nonce}</dd>
      </dl>
      <pre>{`bytes(round) = HMAC_SHA256(key = serverSeed, message = clientSeed + ":" + nonce + ":" + round)
float = b0/256 + b1/256² + b2/256³ + b3/256⁴        (4 bytes each, 8 floats per round)`}</pre>
      {seeds.server_seed !== null && (
        <div className="bet-page__verify">
          <Button onClick={() => setCheck(verify(seeds, bet.game))} data-testid="bet-verify">
            Verify
          </Button>
          {bet.verify_path && (
            <Link to={bet.verify_path} className="fair-intro__link">
              Open in the calculator
            </Link>
          )}
        </div>
      )}
      {check && (
        <div className="fair-previous" data-testid="bet-verify-result">
          <p className={check.committed ? 'bet-page__ok' : 'bet-page__bad'}>
            {check.committed ? 'SHA-256 of the server seed matches the hash committed before the bet.' : 'SHA-256 of the server seed does NOT match the committed hash.'}
          </p>
          <p className="fair-mono">float_0 = {check.float.toFixed(12)}</p>
          {check.outcome && <p data-testid="bet-verify-outcome">{check.outcome}</p>}
        </div>
      )}
    </section>
  );
}

export default function BetPage() {
  const { id = '' } = useParams();
  const [bet, setBet] = useState<PublicBet | null | 'missing'>(null);
  useEffect(() => {
    let live = true;
    call(publicBet, { params: { id } })
      .then((res) => live && setBet(res.data))
      .catch(() => live && setBet('missing'));
    return () => {
      live = false;
    };
  }, [id]);
  if (bet === null) return <Spinner />;
  if (bet === 'missing')
    return (
      <div className="fair-page">
        <h1>Bet not found</h1>
        <p className="fair-muted">No bet has this address.</p>
      </div>
    );
  return (
    <div className="fair-page" data-testid="bet-page">
      <header className="fair-page__header">
        <h1>
          {HISTORY_GAME_LABELS[bet.game]} bet by {bet.player ?? 'a hidden player'}
        </h1>
        <div className="fair-intro">
          <Link to="/transparency" className="fair-intro__link">Transparency: every game's measured return</Link>
        </div>
      </header>
      <div className="fair-grid">
        <section className="fair-panel">
          <h2>Bet</h2>
          <dl className="fair-kv">
            <dt>Game</dt>
            <dd>{HISTORY_GAME_LABELS[bet.game]}</dd>
            <dt>Time</dt>
            <dd>{formatDateTime(bet.placed_at)}</dd>
            <dt>Stake</dt>
            <dd>
              <Coins value={bet.stake} />
            </dd>
            <dt>Payout</dt>
            <dd>{bet.payout === null ? 'In play' : <Coins value={bet.payout} />}</dd>
            <dt>Multiplier</dt>
            <dd>{bet.multiplier === null ? '—' : `${bet.multiplier.toFixed(2)}×`}</dd>
            <dt>Result</dt>
            <dd>{bet.result}</dd>
            <dt>Fairness</dt>
            <dd>
              {bet.fairness}
              {!bet.seeds && bet.verify_path && (
                <>
                  {' '}
                  <Link to={bet.verify_path}>Verify</Link>
                </>
              )}
            </dd>
          </dl>
        </section>
        <Derivation bet={bet} />
      </div>
    </div>
  );
}
