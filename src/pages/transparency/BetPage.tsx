import { Fragment, lazy, Suspense, useEffect, useState } from 'react';
import { toast } from '../../components/toast.tsx';
import { apiErrorText } from '../../api/http.ts';
import { Link, useParams } from 'react-router';
import { call } from '../../api/call.ts';
import { publicBet } from '../../../core/protocol/routes/transparency.ts';
import { boxVersion } from '../../../core/protocol/routes/boxes.ts';
import type { ReplayContext } from '../../features/transparency/replay/BetReplay.tsx';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { CoinIcon, Coins } from '../../components/Coin.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { formatDateTime } from '../../format/format.ts';
import { diceRoll, floats, limboResult, sha256Hex } from '../../../core/fair/index.ts';
import type { PublicBet } from '../../../core/protocol/transparency.ts';
import { GAMES, type SeedPairGame } from '../../../core/games/catalog.ts';
import { canReplay, recomputeReplay, replayAgrees, replayVersions, replayWords, type Replayed, type RevealedSeeds } from '../../features/transparency/replay/replayOutcome.ts';
import '../../features/fair/fair.css';
import { SeedPairList } from '../../features/fair/SeedPairList.tsx';
import { betPageUrl, ShareBetButton } from '../../features/transparency/ShareBetButton.tsx';
import './transparency.css';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /bets/:id (docs/transparency.md): one bet's public page, addressed by its random public id. What
// was staked and paid, when, and what decided it; once the seed pair is revealed, the derivation and
// a Verify button that recomputes it here in the browser with core's own fairness code (core/fair),
// and for dice, Limbo, plinko, upgrade, Mines and box openings a Replay of the bet's scene from that
// recomputation (a wheel or crash bet's from its round's hash once the round has ended, a battle's
// from its seeds once it has ended); a Share button.

// The scenes load only when Replay is pressed: the page itself stays light. The game's name is read
// from the catalog (core/protocol/history.ts's labels come with the history's zod schemas, and zod is
// no part of this page's first load).
const gameLabel = (game: PublicBet['game']) => GAMES[game].historyLabel;
const BetReplayStage = lazy(() => import('../../features/transparency/replay/BetReplay.tsx'));

/**
 * The outcome in words of the games the seeds alone decide (no other input: a plinko board's rows, a
 * box's odds, a Mines count are in their calculators, one click away). Typed by the catalog's ids.
 */
const SEED_OUTCOMES: Partial<Record<SeedPairGame, (server: string, client: string, nonce: number) => string>> = {
  dice: (s, c, n) => t('rollOutcome', { roll: diceRoll(s, c, n).toFixed(2) }),
  limbo: (s, c, n) => t('limboOutcome', { result: limboResult(s, c, n).toFixed(2) }),
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
      <h2>{t('derivation')}</h2>
      <SeedPairList seeds={seeds} hidden={t('notRevealed')} />
      <pre>{`bytes(round) = HMAC_SHA256(key = serverSeed, message = clientSeed + ":" + nonce + ":" + round)
float = b0/256 + b1/256² + b2/256³ + b3/256⁴        (4 bytes each, 8 floats per round)`}</pre>
      {seeds.server_seed !== null && (
        <div className="bet-page__verify">
          <Button onClick={() => setCheck(verify(seeds, bet.game))} data-testid="bet-verify">
            {t('verify')}
          </Button>
          {bet.verify_path && (
            <Link to={bet.verify_path} className="fair-intro__link">
              {t('openInCalculator')}
            </Link>
          )}
        </div>
      )}
      {check && (
        <div className="fair-previous" data-testid="bet-verify-result">
          <p className={check.committed ? 'bet-page__ok' : 'bet-page__bad'}>
            {t(check.committed ? 'seedMatches' : 'seedMismatch')}
          </p>
          <p className="fair-mono">{`float_0 = ${check.float.toFixed(12)}`}</p>
          {check.outcome && <p data-testid="bet-verify-outcome">{check.outcome}</p>}
        </div>
      )}
    </section>
  );
}

/** Replay (docs/transparency.md, "Replay"): the outcome recomputed from the revealed seeds and the stored parameters, played in the game's scene. */
function Replay({ stored, seeds, stake, player }: { stored: NonNullable<PublicBet['replay']>; seeds: RevealedSeeds | null; stake: number; player: string }) {
  const [replayed, setReplayed] = useState<{ outcome: Replayed; agrees: boolean; words: string; context: ReplayContext } | null>(null);
  const [plays, setPlays] = useState(0);
  const [landed, setLanded] = useState(false);
  const [loading, setLoading] = useState(false);
  const press = async () => {
    // A box opening's and a battle's tickets are read against the odds of the versions they were played with (public).
    let context = replayed?.context;
    if (!context) {
      const ids = replayVersions(stored);
      setLoading(ids.length > 0);
      try {
        const versions = await Promise.all(ids.map(async (id) => (await call(boxVersion, { params: { id } })).data));
        context = { versions: new Map(versions.map((v) => [v.id, v])), stake, player };
      } catch (error) {
        toast.error(apiErrorText(error));
        return;
      } finally {
        setLoading(false);
      }
    }
    const items = new Map([...context.versions].map(([id, v]) => [id, v.items]));
    const outcome = recomputeReplay(stored, seeds, items);
    setReplayed({ outcome, agrees: replayAgrees(stored, outcome), words: replayWords(outcome, items), context });
    setLanded(false);
    setPlays((n) => n + 1);
  };
  return (
    <section className="fair-panel bet-replay">
      <h2>{t('replay')}</h2>
      <p className="fair-muted fair-small">{t('replayExplained')}</p>
      <Button onClick={() => void press()} loading={loading} data-testid="bet-replay">
        {t(plays === 0 ? 'replay' : 'replayAgain')}
      </Button>
      {replayed && (
        <>
          <Suspense fallback={<Spinner />}>
            <BetReplayStage outcome={replayed.outcome} context={replayed.context} plays={plays} onPlayed={() => setLanded(true)} />
          </Suspense>
          {landed && (
            <p data-testid="bet-replay-outcome" className={replayed.agrees ? 'bet-page__ok' : 'bet-page__bad'}>
              {t(replayed.agrees ? 'replaySame' : 'replayDiffers', { words: replayed.words })}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * Share: the page's own address, through the device's share sheet where there is one, else copied.
 * Without a bet yet (the page's frame) the row holds its place, empty and disabled: the frame is also
 * what the build prerenders, whose address is none of a visitor's.
 */
function Share({ bet }: { bet: PublicBet | null }) {
  const url = bet ? betPageUrl(bet.public_id) : '';
  return (
    <div className="bet-share">
      {bet ? (
        <ShareBetButton publicId={bet.public_id} title={t('shareTitle', { game: gameLabel(bet.game) })} />
      ) : (
        <Button variant="secondary" size="small" disabled>
          {t('share')}
        </Button>
      )}
      <input className="bet-share__link fair-mono" readOnly value={url} aria-label={t('linkToBet')} data-testid="bet-share-link" onFocus={(e) => e.currentTarget.select()} />
      <CopyButton text={url} label={t('copyLink')} disabled={!bet} />
    </div>
  );
}

/** The Bet panel's rows as the frame draws them: the loaded page's labels, and whether the figure is an amount (a coin's line is taller than text's). */
const BET_FIELDS = [
  ['fieldGame', false],
  ['fieldTime', false],
  ['fieldStake', true],
  ['fieldPayout', true],
  ['fieldMultiplier', false],
  ['fieldResult', false],
  ['fieldFairness', false],
] as const satisfies readonly (readonly [keyof typeof messages, boolean])[];

const BAR = '\u00a0'.repeat(24);

function TransparencyLink() {
  return (
    <div className="fair-intro">
      <Link to="/transparency" className="fair-intro__link">
        {t('transparencyLink')}
      </Link>
    </div>
  );
}

/**
 * The page while its bet loads, and what the build prerenders for every bet's address
 * (PRERENDERED_PAGES, scripts/prerender.ts): the loaded page's header and Bet panel with a bar in
 * place of each figure, in the same boxes, so the bet fills in without moving the page. The heading's
 * bar is as long as a hidden player's dice heading and wraps as it does (transparency.css).
 */
function BetFrame() {
  return (
    <div className="fair-page bet-page--frame" aria-busy="true">
      <header className="fair-page__header">
        <h1>
          <span className="visually-hidden">{t('loadingBet')}</span>
          <span className="transparency-bar" aria-hidden="true">
            {t('frameHeading')}
          </span>
        </h1>
        <TransparencyLink />
        <Share bet={null} />
      </header>
      <div className="fair-grid">
        <section className="fair-panel">
          <h2>{t('bet')}</h2>
          <dl className="fair-kv">
            {BET_FIELDS.map(([label, amount]) => (
              <Fragment key={label}>
                <dt>{t(label)}</dt>
                <dd>
                  {amount ? (
                    <span className="coins transparency-bar" aria-hidden="true">
                      <CoinIcon />
                      <span>{BAR}</span>
                    </span>
                  ) : (
                    <span className="transparency-bar" aria-hidden="true">
                      {BAR}
                    </span>
                  )}
                </dd>
              </Fragment>
            ))}
          </dl>
        </section>
      </div>
    </div>
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
  if (bet === null) return <BetFrame />;
  if (bet === 'missing')
    return (
      <div className="fair-page">
        <h1>{t('betNotFound')}</h1>
        <p className="fair-muted">{t('noBetHere')}</p>
      </div>
    );
  const revealed = bet.seeds?.server_seed ? { ...bet.seeds, server_seed: bet.seeds.server_seed } : null;
  return (
    <div className="fair-page" data-testid="bet-page">
      <header className="fair-page__header">
        <h1>{bet.player ? t('betBy', { game: gameLabel(bet.game), player: bet.player }) : t('betByHidden', { game: gameLabel(bet.game) })}</h1>
        <TransparencyLink />
        <Share bet={bet} />
      </header>
      <div className="fair-grid">
        <section className="fair-panel">
          <h2>{t('bet')}</h2>
          <dl className="fair-kv">
            <dt>{t('fieldGame')}</dt>
            <dd>{gameLabel(bet.game)}</dd>
            <dt>{t('fieldTime')}</dt>
            <dd>{formatDateTime(bet.placed_at)}</dd>
            <dt>{t('fieldStake')}</dt>
            <dd>
              <Coins value={bet.stake} />
            </dd>
            <dt>{t('fieldPayout')}</dt>
            <dd>{bet.payout === null ? t('inPlay') : <Coins value={bet.payout} />}</dd>
            <dt>{t('fieldMultiplier')}</dt>
            <dd>{bet.multiplier === null ? '—' : `${bet.multiplier.toFixed(2)}×`}</dd>
            <dt>{t('fieldResult')}</dt>
            <dd>{bet.result}</dd>
            <dt>{t('fieldFairness')}</dt>
            <dd>
              {bet.fairness}
              {!bet.seeds && bet.verify_path && (
                <>
                  {' '}
                  <Link to={bet.verify_path}>{t('verify')}</Link>
                </>
              )}
            </dd>
          </dl>
        </section>
        <Derivation bet={bet} />
        {bet.replay && canReplay(bet.replay, revealed) && <Replay stored={bet.replay} seeds={revealed} stake={bet.stake} player={bet.player ?? t('thisBet')} />}
      </div>
    </div>
  );
}
