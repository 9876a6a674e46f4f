import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TextInput } from '../../components/TextInput.tsx';
import {
  battlePublicSeed,
  battleRolls,
  battleSplitOrder,
  battleTieBreak,
  diceRoll,
  floats,
  nextChainHash,
  pickByTicket,
  plinkoPath,
  ticket,
  ticketRanges,
  TICKETS,
  verifyChain,
} from '../../../core/fair/index.ts';
import { PLINKO_MULTIPLIERS, PLINKO_RISKS, isPlinkoRisk, isPlinkoRows, type PlinkoRisk } from '../../../core/games/plinkoPayouts.ts';
import { battleLayout, battleTeams, BATTLE_MODES } from '../../../core/games/battle.ts';
import { attempt, CalculatorFrame, NeedInput, ResultValue, SeedFields } from './CalculatorFrame.tsx';
import { parseNonce, useCalculatorQuery, useQueryInput, type SeedInput } from './seedInput.ts';
import { fetchBoxVersion, fetchChains } from './fairApi.ts';
import type { PublicBoxVersion } from '../../../core/protocol/boxes.ts';
import type { RoundGame } from '../../../core/games/roundGames.ts';
import { BATTLE_CALCULATOR_ANCHOR } from '../../../core/games/verifyPaths.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

const RISK_KEYS = { low: 'riskLow', medium: 'riskMedium', high: 'riskHigh' } as const satisfies Record<PlinkoRisk, keyof typeof messages>;

/** A plinko risk's name as the calculator and the plinko fairness page show it. */
export const plinkoRiskLabel = (risk: PlinkoRisk): string => t(RISK_KEYS[risk]);

// One calculator per outcome function. Each recomputes from typed seeds in the browser.

interface SeedProps {
  seeds: SeedInput;
  onSeeds: (next: SeedInput) => void;
}

export function requireSeeds(seeds: SeedInput): { serverSeed: string; clientSeed: string; nonce: number } {
  if (!seeds.serverSeed) throw new NeedInput(t('needServerSeed'));
  if (!seeds.clientSeed) throw new NeedInput(t('needClientSeed'));
  const nonce = parseNonce(seeds.nonce);
  if (nonce === null) throw new Error(t('badNonce'));
  return { serverSeed: seeds.serverSeed, clientSeed: seeds.clientSeed, nonce };
}

export function DiceCalculator({ seeds, onSeeds }: SeedProps) {
  const { value, error } = attempt(() => {
    const s = requireSeeds(seeds);
    return { roll: diceRoll(s.serverSeed, s.clientSeed, s.nonce), float: floats(s.serverSeed, s.clientSeed, s.nonce, 1)[0]! };
  });
  return (
    <CalculatorFrame
      title={t('diceCalculator')}
      error={error}
      result={
        value && (
          <>
            <ResultValue label={t('roll')} value={value.roll.toFixed(2)} testId="calc-dice-roll" />
            <p className="fair-muted fair-small">{`float = ${value.float.toFixed(12)} → floor(${value.float.toFixed(12)} × 10001) / 100 = ${value.roll.toFixed(2)}`}</p>
          </>
        )
      }
    >
      <SeedFields value={seeds} onChange={onSeeds} />
    </CalculatorFrame>
  );
}

export function PlinkoCalculator({ seeds, onSeeds }: SeedProps) {
  const [rows, setRows] = useQueryInput('rows', '16');
  const [riskInput, setRisk] = useQueryInput('risk', 'medium');
  const risk: PlinkoRisk = isPlinkoRisk(riskInput) ? riskInput : 'medium';
  const { value, error } = attempt(() => {
    const s = requireSeeds(seeds);
    const r = Number(rows);
    if (!isPlinkoRows(r)) throw new Error(t('badRows'));
    const result = plinkoPath(s.serverSeed, s.clientSeed, s.nonce, r);
    return { ...result, multiplier: PLINKO_MULTIPLIERS[r][risk][result.slot]! };
  });
  return (
    <CalculatorFrame
      title={t('plinkoCalculator')}
      error={error}
      result={
        value && (
          <>
            <ResultValue label={t('path')} value={value.path.map((d) => (d ? 'R' : 'L')).join(' ')} testId="calc-plinko-path" />
            <ResultValue label={t('slot')} value={value.slot} testId="calc-plinko-slot" />
            <ResultValue label={t('multiplier')} value={`${value.multiplier}x`} testId="calc-plinko-multiplier" />
          </>
        )
      }
    >
      <SeedFields value={seeds} onChange={onSeeds} />
      <label className="fair-select">
        <span className="fair-label">{t('rows')}</span>
        <select value={rows} onChange={(e) => setRows(e.target.value)} data-testid="calc-plinko-rows">
          {[8, 9, 10, 11, 12, 13, 14, 15, 16].map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
      </label>
      <label className="fair-select">
        <span className="fair-label">{t('risk')}</span>
        <select value={risk} onChange={(e) => setRisk(e.target.value)} data-testid="calc-plinko-risk">
          {PLINKO_RISKS.map((r) => (
            <option key={r} value={r}>
              {plinkoRiskLabel(r)}
            </option>
          ))}
        </select>
      </label>
    </CalculatorFrame>
  );
}

/** Walks back from a game hash: its own result and the rounds before it (each hash's SHA-256). */
function chainRows(hash: string, count: number, outcome: (h: string) => string): { hash: string; outcome: string }[] {
  const rows = [];
  let h = hash.trim().toLowerCase();
  for (let i = 0; i < count; i++) {
    rows.push({ hash: h, outcome: outcome(h) });
    h = nextChainHash(h);
  }
  return rows;
}

/** What a round game's calculator shows, in its own words: its title, the result's label and the table's outcome column. */
export interface ChainCalculatorCopy {
  title: string;
  resultLabel: string;
  column: string;
}

/** A round game's calculator (each game's own file gives its outcome function and copy: crashCalculator.tsx, wheelCalculator.tsx). */
export function ChainCalculator({ game, copy, outcome, extra }: { game: RoundGame; copy: ChainCalculatorCopy; outcome: (hash: string, salt: string) => string; extra?: ReactNode }) {
  // A round's fairness link (/crash/provably-fair?hash=…) fills the hash; the salt and terminating
  // hash then come from the game's published chain (the newest, the one rounds are played from).
  const [hash, setHash] = useQueryInput('hash', '');
  const [salt, setSalt] = useQueryInput('salt', '');
  const [terminating, setTerminating] = useState('');
  const [params] = useSearchParams();
  const fromLink = params.has('hash');
  // The link's round number ("Round #n" on the game's page) names the round while its hash is the one checked.
  const linkedRound = /^\d{1,12}$/.test(params.get('round') ?? '') && hash.trim().toLowerCase() === (params.get('hash') ?? '').trim().toLowerCase() ? Number(params.get('round')) : null;
  useEffect(() => {
    if (!fromLink) return;
    let live = true;
    fetchChains()
      .then((all) => {
        const chain = all.filter((c) => c.game === game).find((c) => c.active) ?? all.find((c) => c.game === game);
        if (!live || !chain) return;
        setSalt((current) => current || chain.salt);
        setTerminating((current) => current || chain.terminating_hash);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [fromLink, game, setSalt]);
  const { value, error } = attempt(() => {
    if (!hash.trim()) throw new NeedInput(t('needHash'));
    if (!/^[0-9a-fA-F]{64}$/.test(hash.trim())) throw new Error(t('badHash'));
    if (!salt) throw new NeedInput(t('needSalt'));
    const rows = chainRows(hash, 10, (h) => outcome(h, salt));
    // Up to 1M steps back: a few seconds at worst in a browser, enough for a chain's first million rounds.
    const gameNumber = /^[0-9a-fA-F]{64}$/.test(terminating.trim()) ? verifyChain(hash.trim(), terminating.trim(), 1_000_000) : undefined;
    return { rows, gameNumber };
  });
  return (
    <CalculatorFrame
      title={copy.title}
      error={error}
      result={
        value && (
          <>
            <ResultValue label={copy.resultLabel} value={value.rows[0]!.outcome} testId={`calc-${game}-result`} />
            {value.gameNumber !== undefined && (
              <p className={value.gameNumber === null ? 'fair-error' : 'fair-ok'}>
                {value.gameNumber === null
                  ? t('chainNotReached')
                  : linkedRound === null
                    ? t('chainVerified', { game: value.gameNumber })
                    : t('chainVerifiedRound', { round: linkedRound, game: value.gameNumber })}
              </p>
            )}
            <table className="fair-table">
              <thead>
                <tr>
                  <th>{t('gameHashNewestFirst')}</th>
                  <th>{copy.column}</th>
                </tr>
              </thead>
              <tbody>
                {value.rows.map((r) => (
                  <tr key={r.hash}>
                    <td className="fair-mono fair-small">{r.hash}</td>
                    <td>{r.outcome}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )
      }
    >
      <TextInput label={t('gameHash')} value={hash} onChange={(e) => setHash(e.target.value)} spellCheck={false} data-testid={`calc-${game}-hash`} />
      <TextInput label={t('salt')} value={salt} onChange={(e) => setSalt(e.target.value)} spellCheck={false} data-testid={`calc-${game}-salt`} />
      <TextInput label={t('terminatingHashOptional')} value={terminating} onChange={(e) => setTerminating(e.target.value)} spellCheck={false} />
      {extra}
    </CalculatorFrame>
  );
}

/** Boxes: the ticket, and (with odds typed one per line) which item's range holds it. */
export function BoxCalculator({ seeds, onSeeds }: SeedProps) {
  const [odds, setOdds] = useState('');
  // An opening's verify link names the box version it was played with: its odds fill the field,
  // whatever the box holds today (docs/operator-console.md, "Catalog and boxes").
  const [versionParam] = useQueryInput('box_version', '');
  const [version, setVersion] = useState<PublicBoxVersion | null>(null);
  useEffect(() => {
    if (!/^\d{1,15}$/.test(versionParam)) return;
    let live = true;
    fetchBoxVersion(Number(versionParam))
      .then((v) => {
        if (!live) return;
        setVersion(v);
        setOdds(v.items.map((i) => String(i.odds)).join(' '));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [versionParam]);
  const versionOdds = version?.items.map((i) => String(i.odds)).join(' ');
  const { value, error } = attempt(() => {
    const s = requireSeeds(seeds);
    const drawn = ticket(s.serverSeed, s.clientSeed, s.nonce);
    const list = odds
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map(Number);
    if (list.some((n) => !Number.isFinite(n) || n < 0)) throw new Error(t('badOdds'));
    const ranges = list.length ? ticketRanges(list) : [];
    return { ticket: drawn, item: list.length ? pickByTicket(drawn, ranges) : null, range: list.length ? ranges[pickByTicket(drawn, ranges)] : null };
  });
  return (
    <CalculatorFrame
      title={t('boxCalculator')}
      error={error}
      result={
        value && (
          <>
            <ResultValue label={t('ticket')} value={t('ticketOf', { ticket: value.ticket, total: TICKETS })} testId="calc-box-ticket" />
            {value.item !== null && value.range && (
              <ResultValue
                label={t('item')}
                value={
                  version && odds === versionOdds
                    ? t('itemNamedTickets', { item: value.item + 1, name: version.items[value.item]!.name, from: value.range.from, to: value.range.to })
                    : t('itemTickets', { item: value.item + 1, from: value.range.from, to: value.range.to })
                }
                testId="calc-box-item"
              />
            )}
          </>
        )
      }
    >
      <SeedFields value={seeds} onChange={onSeeds} />
      <label className="fair-textarea">
        <span className="fair-label">{t('itemOdds')}</span>
        <textarea value={odds} onChange={(e) => setOdds(e.target.value)} rows={3} placeholder="50 30 15 4.9 0.1" />
      </label>
      {version && (
        <p className="fair-muted fair-small" data-testid="calc-box-version">
          {t(version.current ? 'boxVersionOdds' : 'boxVersionOddsChanged', { box: version.box.name, version: version.number })}
        </p>
      )}
    </CalculatorFrame>
  );
}

export function UpgradeCalculator({ seeds, onSeeds }: SeedProps) {
  const [chance, setChance] = useQueryInput('chance', '50');
  const fromLink = useCalculatorQuery().has('chance');
  // A bet's Verify link lands on /provably-fair, where the box calculator comes first: bring this
  // one into view, a frame later so the layout's scroll-to-top on navigation (a parent effect,
  // which runs after this one) does not undo it.
  useEffect(() => {
    if (!fromLink) return;
    const frame = requestAnimationFrame(() => document.getElementById('upgrade-calculator')?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [fromLink]);
  const { value, error } = attempt(() => {
    const s = requireSeeds(seeds);
    const c = Number(chance);
    if (!(c > 0 && c < 100)) throw new Error(t('badChance'));
    const drawn = ticket(s.serverSeed, s.clientSeed, s.nonce);
    const winning = Math.round(c * 1000);
    return { ticket: drawn, winning, won: drawn <= winning };
  });
  return (
    <CalculatorFrame
      id="upgrade-calculator"
      title={t('upgradeCalculator')}
      error={error}
      result={
        value && (
          <>
            <ResultValue label={t('ticket')} value={t('ticketOf', { ticket: value.ticket, total: TICKETS })} testId="calc-upgrade-ticket" />
            <ResultValue label={t('result')} value={t(value.won ? 'upgradeWon' : 'upgradeLost', { winning: value.winning })} />
          </>
        )
      }
    >
      <SeedFields value={seeds} onChange={onSeeds} />
      <TextInput label={t('chanceInput')} value={chance} inputMode="decimal" onChange={(e) => setChance(e.target.value)} data-testid="calc-upgrade-chance" />
    </CalculatorFrame>
  );
}

export function BattleCalculator() {
  // A battle's "verify" link fills the seeds and the round (src/pages/battles/BattlePage.tsx).
  const [params] = useSearchParams();
  const [serverSeed, setServerSeed] = useState(() => params.get('battle_server_seed') ?? '');
  const [seatSeeds, setSeatSeeds] = useState(() => (params.get('battle_client_seeds') ?? '').split(',').filter(Boolean).join('\n'));
  const [publicSeed, setPublicSeed] = useState('');
  const [rounds, setRounds] = useState(() => params.get('battle_round') ?? '1');
  const { value, error } = attempt(() => {
    if (!serverSeed) throw new NeedInput(t('needBattleServerSeed'));
    const seeds = seatSeeds.split('\n').map((s) => s.trim()).filter(Boolean);
    const pub = publicSeed.trim() || (seeds.length ? battlePublicSeed(seeds) : '');
    if (!pub) throw new NeedInput(t('needPublicSeed'));
    const seats = seeds.length || 2;
    const n = Number(rounds);
    if (!Number.isInteger(n) || n < 1 || n > 100) throw new Error(t('badRounds'));
    // The team modes of this many seats (4: 2v2, 6: 3v3) and each team's split order.
    const splits = BATTLE_MODES.filter((mode) => battleLayout(mode).seats === seats && battleLayout(mode).teamSize > 1).map((mode) => ({ mode, orders: battleTeams(mode).map((members) => battleSplitOrder(serverSeed, pub, members)) }));
    return { pub, table: Array.from({ length: n }, (_, i) => battleRolls(serverSeed, pub, i + 1, seats)), tieBreak: (tied: number[]) => battleTieBreak(serverSeed, pub, tied), seats, splits };
  });
  return (
    <CalculatorFrame
      id={BATTLE_CALCULATOR_ANCHOR}
      title={t('battleCalculator')}
      error={error}
      result={
        value && (
          <>
            <ResultValue label={t('publicSeed')} value={<code className="fair-mono fair-small">{value.pub}</code>} />
            <table className="fair-table">
              <thead>
                <tr>
                  <th>{t('round')}</th>
                  {Array.from({ length: value.seats }, (_, s) => (
                    <th key={s}>{t('seat', { seat: s + 1 })}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {value.table.map((tickets, round) => (
                  <tr key={round}>
                    <td>{round + 1}</td>
                    {tickets.map((drawn, s) => (
                      <td key={s}>{drawn}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="fair-muted fair-small">{t('tieBreak', { seat: value.tieBreak(Array.from({ length: value.seats }, (_, s) => s)) + 1 })}</p>
            {value.splits.map(({ mode, orders }) => (
              <p key={mode} className="fair-muted fair-small" data-testid="calc-battle-split">
                {t('splitOrder', { mode, teams: orders.map((order, team) => t('splitTeam', { team: team + 1, seats: order.map((s) => s + 1).join(', ') })).join('; ') })}
              </p>
            ))}
          </>
        )
      }
    >
      <TextInput label={t('battleServerSeed')} value={serverSeed} onChange={(e) => setServerSeed(e.target.value)} spellCheck={false} />
      <label className="fair-textarea">
        <span className="fair-label">{t('seatClientSeeds')}</span>
        <textarea value={seatSeeds} onChange={(e) => setSeatSeeds(e.target.value)} rows={3} />
      </label>
      <TextInput label={t('publicSeedOptional')} value={publicSeed} onChange={(e) => setPublicSeed(e.target.value)} spellCheck={false} />
      <TextInput label={t('rounds')} value={rounds} inputMode="numeric" onChange={(e) => setRounds(e.target.value)} />
    </CalculatorFrame>
  );
}
