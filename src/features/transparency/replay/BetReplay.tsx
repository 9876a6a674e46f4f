import { useCallback, useEffect } from 'react';
import { useScene } from '../../scenes/useScene.ts';
import { DiceScene, type DiceResult } from '../../../../scenes/dice/DiceScene.ts';
import { LimboScene, type LimboResult } from '../../../../scenes/limbo/LimboScene.ts';
import { PlinkoScene, type PlinkoResult } from '../../../../scenes/plinko/PlinkoScene.ts';
import { BoxOpeningScene, type BoxOpeningResult } from '../../../../scenes/box-opening/BoxOpeningScene.ts';
import { UpgradeScene, type UpgradeResult } from '../../../../scenes/upgrade/UpgradeScene.ts';
import { MinesScene, type MinesResult } from '../../../../scenes/mines/MinesScene.ts';
import { WheelScene, type WheelSpin } from '../../../../scenes/wheel/WheelScene.ts';
import { WHEEL_DEFAULT_TIMINGS, wheelColorAt } from '../../../../core/games/wheel.ts';
import { upgradeTicketPercent } from '../../../../core/games/upgrade.ts';
import type { PublicBoxVersion } from '../../../../core/protocol/boxes.ts';
import { diceDisplayMultiplier } from '../../../../core/games/dice.ts';
import { PLINKO_MULTIPLIERS, type PlinkoRows } from '../../../../core/games/plinkoPayouts.ts';
import { plinkoMultiplierOf, type Replayed, type ReplayedMines } from './replayOutcome.ts';

// The replay's stage (docs/transparency.md, "Replay"), loaded when the player presses Replay: the
// bet's own game scene, made and played as its game page makes and plays it for that outcome
// (src/pages/dice, limbo, plinko, upgrade, mines, wheel, boxes: one reel at the full spin), so it lands on the same final frame. `play` counts the presses:
// each one plays the outcome again. Reduced motion draws the final frame at once (the scenes' rule).

type Of<G extends Replayed['game']> = Extract<Replayed, { game: G }>;

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
  const dice = useScene<DiceResult, DiceScene>(() => new DiceScene({ target, direction }), []);
  const multiplier = outcome.win ? diceDisplayMultiplier(target, direction) : 0;
  useReplay(dice.scene && dice.play, { roll: outcome.roll, target, direction, win: outcome.win, multiplier }, plays, onPlayed);
  return <div ref={dice.ref} className="bet-replay__stage" data-testid="bet-replay-scene" />;
}

function LimboReplay({ outcome, plays, onPlayed }: { outcome: Of<'limbo'>; plays: number; onPlayed: () => void }) {
  const limbo = useScene<LimboResult, LimboScene>(() => new LimboScene({ target: outcome.target }), []);
  useReplay(limbo.scene && limbo.play, { result: outcome.result, target: outcome.target, win: outcome.win }, plays, onPlayed);
  return <div ref={limbo.ref} className="bet-replay__stage" data-testid="bet-replay-scene" />;
}

function PlinkoReplay({ outcome, plays, onPlayed }: { outcome: Of<'plinko'>; plays: number; onPlayed: () => void }) {
  const multipliers = PLINKO_MULTIPLIERS[outcome.rows as PlinkoRows][outcome.risk];
  const plinko = useScene<PlinkoResult, PlinkoScene>(() => new PlinkoScene({ rows: outcome.rows, multipliers: [...multipliers] }), [], { background: 0x000000 });
  useReplay(plinko.scene && plinko.play, { path: outcome.path, slot: outcome.slot, multiplier: plinkoMultiplierOf(outcome) }, plays, onPlayed);
  return <div ref={plinko.ref} className="bet-replay__stage bet-replay__stage--plinko" data-testid="bet-replay-scene" />;
}

function UpgradeReplay({ outcome, plays, onPlayed }: { outcome: Of<'upgrade'>; plays: number; onPlayed: () => void }) {
  const gauge = useScene<UpgradeResult, UpgradeScene>(() => new UpgradeScene({ chance: outcome.chance }), []);
  useReplay(gauge.scene && gauge.play, { chance: outcome.chance, roll: upgradeTicketPercent(outcome.ticket), win: outcome.win }, plays, onPlayed);
  return <div ref={gauge.ref} className="bet-replay__stage" data-testid="bet-replay-scene" />;
}

/** A new board, as the game draws a bet's first answer: every tile unturned. */
const NEW_BOARD: MinesResult = { revealed: [], mines: null, status: 'open' };

function MinesReplay({ outcome, plays, onPlayed }: { outcome: ReplayedMines; plays: number; onPlayed: () => void }) {
  const mines = useScene<MinesResult, MinesScene>(() => new MinesScene(), []);
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
  const wheel = useScene<WheelSpin, WheelScene>(() => new WheelScene(), [], { background: 0x000000 });
  // The round's whole spin at the wheel's default length (a round's own length is the server's
  // setting of its day); the bet's colour decides whether the landing is a win.
  const spin = { segment: outcome.segment, spinMs: WHEEL_DEFAULT_TIMINGS.spinMs, win: wheelColorAt(outcome.segment) === outcome.color };
  useReplay(wheel.scene && wheel.play, spin, plays, onPlayed);
  return <div ref={wheel.ref} className="bet-replay__stage bet-replay__stage--wheel" data-testid="bet-replay-scene" />;
}

/** What a box opening's reel shows besides the outcome: its version's items and what the opening cost (coins). */
export interface BoxReplayContext {
  version: PublicBoxVersion;
  stake: number;
}

function BoxReplay({ outcome, box, plays, onPlayed }: { outcome: Of<'box'>; box: BoxReplayContext; plays: number; onPlayed: () => void }) {
  const reel = useScene<BoxOpeningResult, BoxOpeningScene>(() => new BoxOpeningScene({ spinSeconds: 5 }), []);
  const items = box.version.items.map((i) => ({ id: i.id, name: i.name, price: i.price, rarity: i.rarity, img_url: i.img_url, odds: i.odds }));
  const won = items.filter((i) => i.id === outcome.item_id);
  useReplay(reel.scene && reel.play, { items, won, stake: box.stake }, plays, onPlayed);
  // The box page's height for one reel (130 + 110 per reel).
  return <div ref={reel.ref} className="bet-replay__stage bet-replay__stage--box" data-testid="bet-replay-scene" />;
}

export default function BetReplayStage({ outcome, box, plays, onPlayed }: { outcome: Replayed; box: BoxReplayContext | null; plays: number; onPlayed: () => void }) {
  switch (outcome.game) {
    case 'box':
      return box && <BoxReplay outcome={outcome} box={box} plays={plays} onPlayed={onPlayed} />;
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
