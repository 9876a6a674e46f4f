import { useCallback, useEffect, useRef } from 'react';
import { bigWinLabels, useScene } from '../../scenes/useScene.ts';
import { DiceScene, type DiceResult } from '../../../../scenes/dice/DiceScene.ts';
import { LimboScene, type LimboResult } from '../../../../scenes/limbo/LimboScene.ts';
import { PlinkoScene, type PlinkoResult } from '../../../../scenes/plinko/PlinkoScene.ts';
import { BoxOpeningScene, type BoxOpeningResult } from '../../../../scenes/box-opening/BoxOpeningScene.ts';
import { UpgradeScene, type UpgradeResult } from '../../../../scenes/upgrade/UpgradeScene.ts';
import { MinesScene, type MinesResult } from '../../../../scenes/mines/MinesScene.ts';
import { WheelScene, type WheelSpin } from '../../../../scenes/wheel/WheelScene.ts';
import { CrashScene, type CrashPlay } from '../../../../scenes/crash/CrashScene.ts';
import { BattleScene, type BattleSceneRound } from '../../../../scenes/battle/BattleScene.ts';
import { battleLayout, isTeamMode, seatTeam, teamSeats } from '../../../../core/games/battle.ts';
import { WHEEL_DEFAULT_TIMINGS, wheelColorAt } from '../../../../core/games/wheel.ts';
import { upgradeTicketPercent } from '../../../../core/games/upgrade.ts';
import type { PublicBoxVersion } from '../../../../core/protocol/boxes.ts';
import { diceDisplayMultiplier } from '../../../../core/games/dice.ts';
import { PLINKO_MULTIPLIERS, type PlinkoRows } from '../../../../core/games/plinkoPayouts.ts';
import { plinkoMultiplierOf, type Replayed, type ReplayedBattle, type ReplayedMines } from './replayOutcome.ts';
import { detectMotion } from '../../../../scenes/kit/motion.ts';
import { translator } from '../../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The replay's stage (docs/transparency.md, "Replay"), loaded when the player presses Replay: the
// bet's own game scene, made and played as its game page makes and plays it for that outcome
// (src/pages/dice, limbo, plinko, upgrade, mines, wheel, crash, battles, boxes: one reel at the full
// spin), so it lands on the same final frame. `play` counts the presses:
// each one plays the outcome again. Reduced motion draws the final frame at once (the scenes' rule).

type Of<G extends Replayed['game']> = Extract<Replayed, { game: G }>;

// A replay draws at the device's resolution, never the governor's softer one (scenes/kit/
// resolutionGovernor.ts): its last frame is the bet's picture, which should not depend on how fast
// the device drew a moment before (a replay is played on demand, and its page compares it by screenshot).
const FIXED = { resolution: 'fixed' } as const;
const FIXED_BLACK = { ...FIXED, background: 0x000000 } as const;

function useReplay<R>(play: ((result: R) => Promise<void>) | null, result: R, plays: number, onPlayed: () => void) {
  useEffect(() => {
    if (!play || plays === 0) return;
    let live = true;
    void play(result).then(() => live && onPlayed());
    return () => {
      live = false;
    };
    // A new press (plays) or the scene ready (play) replays; the outcome is the bet's and never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [play, plays]);
}

function DiceReplay({ outcome, plays, onPlayed }: { outcome: Of<'dice'>; plays: number; onPlayed: () => void }) {
  const { target, direction } = outcome;
  const dice = useScene<DiceResult, DiceScene>(
    () => new DiceScene({ target, direction, labels: { winTimes: (multiplier) => t('verdictWinTimes', { multiplier }), win: t('verdictWin'), lose: t('verdictLose') } }),
    [],
    FIXED,
  );
  const multiplier = outcome.win ? diceDisplayMultiplier(target, direction) : 0;
  useReplay(dice.scene && dice.play, { roll: outcome.roll, target, direction, win: outcome.win, multiplier }, plays, onPlayed);
  return <div ref={dice.ref} className="bet-replay__stage" data-testid="bet-replay-scene" />;
}

function LimboReplay({ outcome, plays, onPlayed }: { outcome: Of<'limbo'>; plays: number; onPlayed: () => void }) {
  const limbo = useScene<LimboResult, LimboScene>(() => new LimboScene({ target: outcome.target }), [], FIXED);
  useReplay(limbo.scene && limbo.play, { result: outcome.result, target: outcome.target, win: outcome.win }, plays, onPlayed);
  return <div ref={limbo.ref} className="bet-replay__stage" data-testid="bet-replay-scene" />;
}

function PlinkoReplay({ outcome, plays, onPlayed }: { outcome: Of<'plinko'>; plays: number; onPlayed: () => void }) {
  const multipliers = PLINKO_MULTIPLIERS[outcome.rows as PlinkoRows][outcome.risk];
  const plinko = useScene<PlinkoResult, PlinkoScene>(() => new PlinkoScene({ rows: outcome.rows, multipliers: [...multipliers] }), [], FIXED_BLACK);
  useReplay(plinko.scene && plinko.play, { path: outcome.path, slot: outcome.slot, multiplier: plinkoMultiplierOf(outcome) }, plays, onPlayed);
  return <div ref={plinko.ref} className="bet-replay__stage bet-replay__stage--plinko" data-testid="bet-replay-scene" />;
}

function UpgradeReplay({ outcome, plays, onPlayed }: { outcome: Of<'upgrade'>; plays: number; onPlayed: () => void }) {
  const gauge = useScene<UpgradeResult, UpgradeScene>(() => new UpgradeScene({ chance: outcome.chance }), [], FIXED);
  useReplay(gauge.scene && gauge.play, { chance: outcome.chance, roll: upgradeTicketPercent(outcome.ticket), win: outcome.win }, plays, onPlayed);
  return <div ref={gauge.ref} className="bet-replay__stage" data-testid="bet-replay-scene" />;
}

/** A new board, as the game draws a bet's first answer: every tile unturned. */
const NEW_BOARD: MinesResult = { revealed: [], mines: null, status: 'open' };

function MinesReplay({ outcome, plays, onPlayed }: { outcome: ReplayedMines; plays: number; onPlayed: () => void }) {
  const mines = useScene<MinesResult, MinesScene>(() => new MinesScene(), [], FIXED);
  const { scene, play, finish } = mines;
  // The scene keeps what it drew and turns only the tiles it has not shown, so each press starts from
  // a new board (the last press's play cut first); one play of the ended board then turns the
  // player's tiles in their order and the rest after them, as the game's last answer does.
  const fromNewBoard = useCallback(
    (ended: MinesResult) => {
      finish();
      scene?.show(NEW_BOARD);
      return play(ended);
    },
    [scene, play, finish],
  );
  useReplay(scene && fromNewBoard, { revealed: outcome.revealed, mines: outcome.mine_tiles, status: outcome.status }, plays, onPlayed);
  return <div ref={mines.ref} className="bet-replay__stage bet-replay__stage--mines" data-testid="bet-replay-scene" />;
}

function WheelReplay({ outcome, plays, onPlayed }: { outcome: Of<'wheel'>; plays: number; onPlayed: () => void }) {
  const wheel = useScene<WheelSpin, WheelScene>(() => new WheelScene(), [], FIXED_BLACK);
  // The round's whole spin at the wheel's default length (a round's own length is the server's
  // setting of its day); the bet's colour decides whether the landing is a win.
  const spin = { segment: outcome.segment, spinMs: WHEEL_DEFAULT_TIMINGS.spinMs, win: wheelColorAt(outcome.segment) === outcome.color };
  useReplay(wheel.scene && wheel.play, spin, plays, onPlayed);
  return <div ref={wheel.ref} className="bet-replay__stage bet-replay__stage--wheel" data-testid="bet-replay-scene" />;
}

/** The bet's own mark on the curve, named as the page names its player. */
function CrashReplay({ outcome, player, plays, onPlayed }: { outcome: Of<'crash'>; player: string; plays: number; onPlayed: () => void }) {
  const crash = useScene<CrashPlay, CrashScene>(() => new CrashScene(), [], FIXED_BLACK);
  // The round from its launch to its crash, as /crash draws a round live; the bet's cash-out is the
  // viewer's own marker there (highlighted, with its chime) and shows once the number reaches it.
  const cashOuts = outcome.cashed_out_at === null ? [] : [{ key: 'bet', name: player, multiplier: outcome.cashed_out_at, mine: true }];
  useReplay(crash.scene && crash.play, { crashPoint: outcome.crash_point, cashOuts, countdownMs: 0 }, plays, onPlayed);
  return <div ref={crash.ref} className="bet-replay__stage bet-replay__stage--crash" data-testid="bet-replay-scene" />;
}

/** A reel card of an item as the battle page shows it (its catalog fields, no odds: the page's filler is the round's drawn items). */
function reelItem(versions: ReadonlyMap<number, PublicBoxVersion>, version: number, id: number) {
  const item = versions.get(version)!.items.find((i) => i.id === id)!;
  return { id: item.id, name: item.name, price: item.price, rarity: item.rarity, img_url: item.img_url };
}

/**
 * The battle page's views of the battle from its first round on (src/features/battles/battleView.ts,
 * sceneView): each round spun from its start, the running totals before and after it; then the
 * ending, the last round landed with the winners and the tie-break's coin.
 */
function battleViews(outcome: ReplayedBattle, versions: ReadonlyMap<number, PublicBoxVersion>, player: string): BattleSceneRound[] {
  const seatCount = battleLayout(outcome.mode).seats;
  const seats = Array.from({ length: seatCount }, (_, s) => ({ name: s === outcome.seat ? player : t('seat', { seat: s + 1 }), team: seatTeam(outcome.mode, s) }));
  const base = { seats, teams: isTeamMode(outcome.mode), roundsTotal: outcome.rounds.length, spinSeconds: outcome.spin_ms / 1000 };
  const rounds = outcome.rounds.map((round, r): BattleSceneRound => {
    const won = round.items.map((id) => reelItem(versions, round.box_version, id));
    return { ...base, round: r + 1, items: won, won, totals: outcome.totals[r]!, totalsBefore: outcome.totals[r - 1] ?? new Array<number>(seatCount).fill(0), winners: null, tieBreak: null };
  });
  const last = rounds.at(-1)!;
  const tieBreak = outcome.tied.length > 1 ? { tied: outcome.tied, winner: outcome.winner_team } : null;
  return [...rounds, { ...last, winners: teamSeats(outcome.mode, outcome.winner_team), tieBreak, landed: true }];
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

function BattleReplay({ outcome, versions, player, plays, onPlayed }: { outcome: ReplayedBattle; versions: ReadonlyMap<number, PublicBoxVersion>; player: string; plays: number; onPlayed: () => void }) {
  // Seeded with the battle's id, as its page seeds it: the same filler cards around the landed ones.
  const battle = useScene<BattleSceneRound, BattleScene>(() => new BattleScene({ seed: outcome.id }), [outcome.id], FIXED);
  const { scene, play, finish } = battle;
  // Each press plays the battle from its first round, cutting the last press's play first.
  const running = useRef<AbortController | null>(null);
  const playBattle = useCallback(
    async (views: BattleSceneRound[]) => {
      running.current?.abort();
      const run = new AbortController();
      running.current = run;
      finish();
      // Reduced motion draws the final frame at once: the ending alone.
      const shown = detectMotion() === 0 ? views.slice(-1) : views;
      const started = performance.now();
      for (const [i, view] of shown.entries()) {
        if (run.signal.aborted) return;
        // Round r starts round_ms after round r − 1, as the server paces them; the ending follows the last round's play.
        if (!view.landed) await pause(started + i * outcome.round_ms - performance.now(), run.signal);
        if (run.signal.aborted) return;
        await play(view);
      }
    },
    [play, finish, outcome.round_ms],
  );
  useEffect(() => () => running.current?.abort(), []);
  useReplay(scene && playBattle, battleViews(outcome, versions, player), plays, onPlayed);
  return <div ref={battle.ref} className="bet-replay__stage bet-replay__stage--battle" data-seats={outcome.client_seeds.length} data-testid="bet-replay-scene" />;
}

/** What a stage reads besides the outcome: the box versions' items (a box opening's, a battle's rounds'), the bet's stake (coins) and its player's name as the page shows it. */
export interface ReplayContext {
  versions: ReadonlyMap<number, PublicBoxVersion>;
  stake: number;
  player: string;
}

function BoxReplay({ outcome, context, plays, onPlayed }: { outcome: Of<'box'>; context: ReplayContext; plays: number; onPlayed: () => void }) {
  const reel = useScene<BoxOpeningResult, BoxOpeningScene>(() => new BoxOpeningScene({ spinSeconds: 5, labels: bigWinLabels() }), [], FIXED);
  const items = context.versions.get(outcome.box_version)!.items.map((i) => ({ id: i.id, name: i.name, price: i.price, rarity: i.rarity, img_url: i.img_url, odds: i.odds }));
  const won = items.filter((i) => i.id === outcome.item_id);
  useReplay(reel.scene && reel.play, { items, won, stake: context.stake }, plays, onPlayed);
  // The box page's height for one reel (130 + 110 per reel).
  return <div ref={reel.ref} className="bet-replay__stage bet-replay__stage--box" data-testid="bet-replay-scene" />;
}

export default function BetReplayStage({ outcome, context, plays, onPlayed }: { outcome: Replayed; context: ReplayContext; plays: number; onPlayed: () => void }) {
  switch (outcome.game) {
    case 'box':
      return <BoxReplay outcome={outcome} context={context} plays={plays} onPlayed={onPlayed} />;
    case 'crash':
      return <CrashReplay outcome={outcome} player={context.player} plays={plays} onPlayed={onPlayed} />;
    case 'battle':
      return <BattleReplay outcome={outcome} versions={context.versions} player={context.player} plays={plays} onPlayed={onPlayed} />;
    case 'dice':
      return <DiceReplay outcome={outcome} plays={plays} onPlayed={onPlayed} />;
    case 'limbo':
      return <LimboReplay outcome={outcome} plays={plays} onPlayed={onPlayed} />;
    case 'plinko':
      return <PlinkoReplay outcome={outcome} plays={plays} onPlayed={onPlayed} />;
    case 'upgrade':
      return <UpgradeReplay outcome={outcome} plays={plays} onPlayed={onPlayed} />;
    case 'mines':
      return <MinesReplay outcome={outcome} plays={plays} onPlayed={onPlayed} />;
    case 'wheel':
      return <WheelReplay outcome={outcome} plays={plays} onPlayed={onPlayed} />;
  }
}
