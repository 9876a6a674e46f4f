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

// One calculator per outcome function. Each recomputes from typed seeds in the browser.

interface SeedProps {
  seeds: SeedInput;
  onSeeds: (next: SeedInput) => void;
}

export function requireSeeds(seeds: SeedInput): { serverSeed: string; clientSeed: string; nonce: number } {
  if (!seeds.serverSeed) throw new NeedInput('Enter a server seed.');
  if (!seeds.clientSeed) throw new NeedInput('Enter a client seed.');
  const nonce = parseNonce(seeds.nonce);
  if (nonce === null) throw new Error('The nonce is a whole number (0 or more).');
  return { serverSeed: seeds.serverSeed, clientSeed: seeds.clientSeed, nonce };
}

export function DiceCalculator({ seeds, onSeeds }: SeedProps) {
  const { value, error } = attempt(() => {
    const s = requireSeeds(seeds);
    return { roll: diceRoll(s.serverSeed, s.clientSeed, s.nonce), float: floats(s.serverSeed, s.clientSeed, s.nonce, 1)[0]! };
  });
  return (
    <CalculatorFrame
      title="Dice calculator"
      error={error}
      result={
        value && (
          <>
            <ResultValue label="Roll" value={value.roll.toFixed(2)} testId="calc-dice-roll" />
            <p className="fair-muted fair-small">
              float = {value.float.toFixed(12)} → floor({value.float.toFixed(12)} × 10001) / 100 = {value.roll.toFixed(2)}
            </p>
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
    if (!isPlinkoRows(r)) throw new Error('Rows are 8 to 16.');
    const result = plinkoPath(s.serverSeed, s.clientSeed, s.nonce, r);
    return { ...result, multiplier: PLINKO_MULTIPLIERS[r][risk][result.slot]! };
  });
  return (
    <CalculatorFrame
      title="Plinko calculator"
      error={error}
      result={
        value && (
          <>
            <ResultValue label="Path" value={value.path.map((d) => (d ? 'R' : 'L')).join(' ')} testId="calc-plinko-path" />
            <ResultValue label="Slot" value={value.slot} testId="calc-plinko-slot" />
            <ResultValue label="Multiplier" value={`${value.multiplier}x`} testId="calc-plinko-multiplier" />
          </>
        )
      }
    >
      <SeedFields value={seeds} onChange={onSeeds} />
      <label className="fair-select">
        <span className="fair-label">Rows</span>
        <select value={rows} onChange={(e) => setRows(e.target.value)} data-testid="calc-plinko-rows">
          {[8, 9, 10, 11, 12, 13, 14, 15, 16].map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
      </label>
      <label className="fair-select">
        <span className="fair-label">Risk</span>
        <select value={risk} onChange={(e) => setRisk(e.target.value)} data-testid="calc-plinko-risk">
          {PLINKO_RISKS.map((r) => (
            <option key={r}>{r}</option>
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
    if (!hash.trim()) throw new NeedInput('Paste a finished round’s hash and the published salt.');
    if (!/^[0-9a-fA-F]{64}$/.test(hash.trim())) throw new Error('A game hash is 64 hex characters.');
    if (!salt) throw new NeedInput('Enter the published salt.');
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
                  ? 'This hash does not lead to the terminating hash within 1 000 000 rounds.'
                  : `Verified: ${linkedRound === null ? '' : `round #${linkedRound} is `}game ${value.gameNumber} of the chain.`}
              </p>
            )}
            <table className="fair-table">
              <thead>
                <tr>
                  <th>Game hash (newest first)</th>
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
      <TextInput label="Game hash" value={hash} onChange={(e) => setHash(e.target.value)} spellCheck={false} data-testid={`calc-${game}-hash`} />
      <TextInput label="Salt" value={salt} onChange={(e) => setSalt(e.target.value)} spellCheck={false} data-testid={`calc-${game}-salt`} />
      <TextInput label="Terminating hash (optional)" value={terminating} onChange={(e) => setTerminating(e.target.value)} spellCheck={false} />
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
    const t = ticket(s.serverSeed, s.clientSeed, s.nonce);
    const list = odds
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map(Number);
    if (list.some((n) => !Number.isFinite(n) || n < 0)) throw new Error('Odds are numbers, one per item in the box’s order.');
    const ranges = list.length ? ticketRanges(list) : [];
    return { ticket: t, item: list.length ? pickByTicket(t, ranges) : null, range: list.length ? ranges[pickByTicket(t, ranges)] : null };
  });
  return (
    <CalculatorFrame
      title="Box opening calculator"
      error={error}
      result={
        value && (
          <>
            <ResultValue label="Ticket" value={`${value.ticket} of ${TICKETS}`} testId="calc-box-ticket" />
            {value.item !== null && value.range && (
              <ResultValue
                label="Item"
                value={`#${value.item + 1}${version && odds === versionOdds ? ` ${version.items[value.item]!.name}` : ''} (tickets ${value.range.from}–${value.range.to})`}
                testId="calc-box-item"
              />
            )}
          </>
        )
      }
    >
      <SeedFields value={seeds} onChange={onSeeds} />
      <label className="fair-textarea">
        <span className="fair-label">Item odds in % (optional, in the box’s order)</span>
        <textarea value={odds} onChange={(e) => setOdds(e.target.value)} rows={3} placeholder="50 30 15 4.9 0.1" />
      </label>
      {version && (
        <p className="fair-muted fair-small" data-testid="calc-box-version">
          The odds of {version.box.name}, version {version.number}: the ones this opening was played with{version.current ? '' : ' (the box has changed since)'}.
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
    if (!(c > 0 && c < 100)) throw new Error('The chance is a percentage between 0 and 100.');
    const t = ticket(s.serverSeed, s.clientSeed, s.nonce);
    const winning = Math.round(c * 1000);
    return { ticket: t, winning, won: t <= winning };
  });
  return (
    <CalculatorFrame
      id="upgrade-calculator"
      title="Upgrade calculator"
      error={error}
      result={
        value && (
          <>
            <ResultValue label="Ticket" value={`${value.ticket} of ${TICKETS}`} testId="calc-upgrade-ticket" />
            <ResultValue label="Result" value={value.won ? `Won (ticket ≤ ${value.winning})` : `Lost (ticket > ${value.winning})`} />
          </>
        )
      }
    >
      <SeedFields value={seeds} onChange={onSeeds} />
      <TextInput label="Chance in % (3 decimals)" value={chance} inputMode="decimal" onChange={(e) => setChance(e.target.value)} data-testid="calc-upgrade-chance" />
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
    if (!serverSeed) throw new NeedInput('Enter the battle’s server seed.');
    const seeds = seatSeeds.split('\n').map((s) => s.trim()).filter(Boolean);
    const pub = publicSeed.trim() || (seeds.length ? battlePublicSeed(seeds) : '');
    if (!pub) throw new NeedInput('Enter the public seed, or the seats’ client seeds one per line.');
    const seats = seeds.length || 2;
    const n = Number(rounds);
    if (!Number.isInteger(n) || n < 1 || n > 100) throw new Error('Rounds are 1 to 100.');
    // The team modes of this many seats (4: 2v2, 6: 3v3) and each team's split order.
    const splits = BATTLE_MODES.filter((mode) => battleLayout(mode).seats === seats && battleLayout(mode).teamSize > 1).map((mode) => ({ mode, orders: battleTeams(mode).map((members) => battleSplitOrder(serverSeed, pub, members)) }));
    return { pub, table: Array.from({ length: n }, (_, i) => battleRolls(serverSeed, pub, i + 1, seats)), tieBreak: (tied: number[]) => battleTieBreak(serverSeed, pub, tied), seats, splits };
  });
  return (
    <CalculatorFrame
      id={BATTLE_CALCULATOR_ANCHOR}
      title="Battle calculator"
      error={error}
      result={
        value && (
          <>
            <ResultValue label="Public seed" value={<code className="fair-mono fair-small">{value.pub}</code>} />
            <table className="fair-table">
              <thead>
                <tr>
                  <th>Round</th>
                  {Array.from({ length: value.seats }, (_, s) => (
                    <th key={s}>Seat {s + 1}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {value.table.map((tickets, round) => (
                  <tr key={round}>
                    <td>{round + 1}</td>
                    {tickets.map((t, s) => (
                      <td key={s}>{t}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="fair-muted fair-small">Tie between all seats → seat {value.tieBreak(Array.from({ length: value.seats }, (_, s) => s)) + 1} wins.</p>
            {value.splits.map(({ mode, orders }) => (
              <p key={mode} className="fair-muted fair-small" data-testid="calc-battle-split">
                {mode} split order: {orders.map((order, team) => `team ${team + 1}: seats ${order.map((s) => s + 1).join(', ')}`).join('; ')}.
              </p>
            ))}
          </>
        )
      }
    >
      <TextInput label="Battle server seed (revealed when the battle ends)" value={serverSeed} onChange={(e) => setServerSeed(e.target.value)} spellCheck={false} />
      <label className="fair-textarea">
        <span className="fair-label">Seats’ client seeds, one per line in seat order</span>
        <textarea value={seatSeeds} onChange={(e) => setSeatSeeds(e.target.value)} rows={3} />
      </label>
      <TextInput label="Public seed (optional: computed from the seats’ client seeds)" value={publicSeed} onChange={(e) => setPublicSeed(e.target.value)} spellCheck={false} />
      <TextInput label="Rounds" value={rounds} inputMode="numeric" onChange={(e) => setRounds(e.target.value)} />
    </CalculatorFrame>
  );
}
