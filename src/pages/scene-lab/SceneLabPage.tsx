import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { useScene } from '../../features/scenes/useScene.ts';
import { CrashScene } from '../../../scenes/crash/CrashScene.ts';
import { BoxOpeningScene } from '../../../scenes/box-opening/BoxOpeningScene.ts';
import { DiceScene } from '../../../scenes/dice/DiceScene.ts';
import { LimboScene } from '../../../scenes/limbo/LimboScene.ts';
import { PlinkoScene } from '../../../scenes/plinko/PlinkoScene.ts';
import { UpgradeScene } from '../../../scenes/upgrade/UpgradeScene.ts';
import { WheelScene } from '../../../scenes/wheel/WheelScene.ts';
import { BattleScene } from '../../../scenes/battle/BattleScene.ts';
import { MinesScene, type MinesResult } from '../../../scenes/mines/MinesScene.ts';
import { readSoundMuted, storeSoundMuted } from '../../../scenes/kit/SceneSound.ts';
import { seededRandom } from '../../../scenes/kit/random.ts';
import { diceTuning } from '../../../scenes/dice/tuning.ts';
import { limboTuning } from '../../../scenes/limbo/tuning.ts';
import { plinkoTuning } from '../../../scenes/plinko/tuning.ts';
import { boxTuning } from '../../../scenes/box-opening/tuning.ts';
import { upgradeTuning } from '../../../scenes/upgrade/tuning.ts';
import { crashTuning } from '../../../scenes/crash/tuning.ts';
import { wheelTuning } from '../../../scenes/wheel/tuning.ts';
import { battleTuning } from '../../../scenes/battle/tuning.ts';
import { minesTuning } from '../../../scenes/mines/tuning.ts';
import { TuningPanel } from './TuningPanel.tsx';
import { battleOutcome, boxOutcome, crashOutcome, diceOutcome, labMultipliers, limboOutcome, plinkoOutcome, RARITY_CHOICES, upgradeOutcome, wheelOutcome } from './labOutcomes.ts';
import './sceneLab.css';

// /scene-lab: every scene with live parameters and a seed box, so a designer can tune and replay
// any outcome; each tab shows its scene's tuning panel (TuningPanel). URL parameters (scene, seed, motion, resolution=adaptive for the game pages' dynamic resolution; reels for the box, seats and teams for the battle) make a state linkable for screenshots and the
// plinko frame-time bench.

const SCENES = { box: 'Box opening', dice: 'Dice', limbo: 'Limbo', plinko: 'Plinko', upgrade: 'Upgrade', crash: 'Crash', wheel: 'Wheel', battle: 'Battle', mines: 'Mines' } as const;
type SceneKey = keyof typeof SCENES;
/** Each tab's component (declared below). */
const LABS: Record<SceneKey, (props: LabProps) => ReactNode> = { box: BoxLab, dice: DiceLab, limbo: LimboLab, plinko: PlinkoLab, upgrade: UpgradeLab, crash: CrashLab, wheel: WheelLab, battle: BattleLab, mines: MinesLab };

export default function SceneLabPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('scene') ?? 'box';
  const sceneKey: SceneKey = requested in SCENES ? (requested as SceneKey) : 'box';
  const seed = Number(params.get('seed') ?? 1) || 1;
  const motion = params.get('motion') === '0' ? 0 : 1;
  // Fixed unless asked: a designer tunes, and a visual baseline compares, the full-resolution picture.
  const resolution = params.get('resolution') === 'adaptive' ? 'adaptive' : 'fixed';
  const view: LabView = { motion, resolution };
  const Lab = LABS[sceneKey];
  const [muted, setMuted] = useState(readSoundMuted);
  const update = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };

  return (
    <section className="page scene-lab">
      <header className="scene-lab__head">
        <h1>Scene lab</h1>
        <nav className="scene-lab__tabs" aria-label="Scenes">
          {(Object.keys(SCENES) as SceneKey[]).map((key) => (
            <button key={key} type="button" className={key === sceneKey ? 'is-active' : ''} aria-pressed={key === sceneKey} onClick={() => update('scene', key)}>
              {SCENES[key]}
            </button>
          ))}
        </nav>
        <div className="scene-lab__globals">
          <label>
            Seed <input aria-label="Seed" type="number" value={seed} onChange={(e) => update('seed', e.target.value)} />
          </label>
          <label>
            <input type="checkbox" checked={motion === 0} onChange={(e) => update('motion', e.target.checked ? '0' : '1')} /> Reduced motion
          </label>
          <label>
            <input type="checkbox" checked={resolution === 'adaptive'} onChange={(e) => update('resolution', e.target.checked ? 'adaptive' : 'fixed')} /> Dynamic resolution
          </label>
          <label>
            <input
              type="checkbox"
              checked={muted}
              onChange={(e) => {
                storeSoundMuted(e.target.checked);
                setMuted(e.target.checked);
              }}
            />{' '}
            Mute
          </label>
        </div>
      </header>
      {/* Keyed by the view too: a change of motion or resolution starts the scene afresh. */}
      <Lab key={`${sceneKey}-${view.motion}-${view.resolution}`} seed={seed} view={view} />
    </section>
  );
}

/** How every tab draws its scene: the lab's global switches, passed to useScene as they are. */
interface LabView {
  motion: number;
  resolution: 'adaptive' | 'fixed';
}

interface LabProps {
  seed: number;
  view: LabView;
}

function Stage({ stageRef, height, dark, children }: { stageRef: (el: HTMLDivElement | null) => void; height: number; dark?: boolean; children?: ReactNode }) {
  return (
    <div className={`scene-lab__stage${dark ? ' is-dark' : ''}`} style={{ height }}>
      <div ref={stageRef} className="scene-lab__canvas" data-testid="scene-stage" />
      {children}
    </div>
  );
}

function Controls({ children }: { children: ReactNode }) {
  return <div className="scene-lab__controls">{children}</div>;
}

function Num({ label, value, min, max, step = 1, onChange }: { label: string; value: number; min: number; max: number; step?: number; onChange(v: number): void }) {
  return (
    <label className="scene-lab__num">
      {label}
      <input type="range" min={min} max={max} step={step} value={value} onChange={(e) => onChange(Number(e.target.value))} />
      <output>{value}</output>
    </label>
  );
}

function BoxLab({ seed, view }: LabProps) {
  // ?reels=1..5 links an opening of several boxes (the frame-time bench plays five).
  const [params] = useSearchParams();
  const [reels, setReels] = useState(() => Math.min(5, Math.max(1, Number(params.get('reels')) || 1)));
  const [rarity, setRarity] = useState<(typeof RARITY_CHOICES)[number]>('seed');
  const box = useScene(() => new BoxOpeningScene({ seed }), [seed], view);
  const outcome = useMemo(() => boxOutcome(seed, reels, rarity), [seed, reels, rarity]);
  return (
    <>
      <Stage stageRef={box.ref} height={Math.max(240, reels * 150)} />
      <Controls>
        <Num label="Reels" value={reels} min={1} max={5} onChange={setReels} />
        <label>
          Rarity{' '}
          <select value={rarity} onChange={(e) => setRarity(e.target.value as typeof rarity)}>
            {RARITY_CHOICES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <span className="scene-lab__outcome">Won: {outcome.won.map((w) => w.name).join(', ')}</span>
        <Button onClick={() => void box.play(outcome)}>Play</Button>
        <Button variant="secondary" onClick={box.finish}>Skip</Button>
        <Phase phase={box.phase} />
      </Controls>
      <TuningPanel tuning={boxTuning} />
    </>
  );
}

function DiceLab({ seed, view }: LabProps) {
  const [target, setTarget] = useState(50);
  const [direction, setDirection] = useState<'under' | 'over'>('under');
  const [rollText, setRollText] = useState('');
  const dice = useScene(() => new DiceScene({ target: 50, direction: 'under', seed }), [seed], view);
  useEffect(() => dice.scene?.setTarget(target, direction), [dice.scene, target, direction]);
  const roll = rollText === '' ? undefined : Math.max(0, Math.min(100, Number(rollText)));
  const outcome = diceOutcome(seed, target, direction, roll);
  return (
    <>
      <Stage stageRef={dice.ref} height={240} />
      <Controls>
        <Num label="Target" value={target} min={2} max={98} step={0.01} onChange={setTarget} />
        <label>
          Direction{' '}
          <select value={direction} onChange={(e) => setDirection(e.target.value as 'under' | 'over')}>
            <option value="under">under</option>
            <option value="over">over</option>
          </select>
        </label>
        <label>
          Roll <input aria-label="Roll" placeholder={`seed → ${outcome.roll.toFixed(2)}`} value={rollText} onChange={(e) => setRollText(e.target.value)} />
        </label>
        <Button onClick={() => void dice.play(outcome)}>Roll</Button>
        <Button variant="secondary" onClick={dice.finish}>Skip</Button>
        <Phase phase={dice.phase} />
      </Controls>
      <TuningPanel tuning={diceTuning} />
    </>
  );
}

function LimboLab({ seed, view }: LabProps) {
  const [target, setTarget] = useState(2);
  const [resultText, setResultText] = useState('');
  const limbo = useScene(() => new LimboScene({ target: 2, seed }), [seed], view);
  useEffect(() => limbo.scene?.setTarget(target), [limbo.scene, target]);
  const typed = resultText === '' ? undefined : Math.max(1, Math.floor(Number(resultText) * 100) / 100 || 1);
  const outcome = limboOutcome(seed, target, typed);
  return (
    <>
      <Stage stageRef={limbo.ref} height={260} />
      <Controls>
        <Num label="Target" value={target} min={1.01} max={100} step={0.01} onChange={setTarget} />
        <label>
          Result <input aria-label="Result" placeholder={`seed → ${outcome.result.toFixed(2)}`} value={resultText} onChange={(e) => setResultText(e.target.value)} />
        </label>
        <Button onClick={() => void limbo.play(outcome)}>Bet</Button>
        <Button variant="secondary" onClick={limbo.finish}>Skip</Button>
        <Phase phase={limbo.phase} />
      </Controls>
      <TuningPanel tuning={limboTuning} />
    </>
  );
}

function PlinkoLab({ seed, view }: LabProps) {
  const [rows, setRows] = useState(16);
  const plinko = useScene(() => new PlinkoScene({ rows: 16, multipliers: labMultipliers(16), seed }), [seed], { ...view, background: 0x000000 });
  const random = useRef(seededRandom(seed));
  useEffect(() => {
    random.current = seededRandom(seed);
  }, [seed]);
  useEffect(() => plinko.scene?.setBoard(rows, labMultipliers(rows)), [plinko.scene, rows]);
  const drop = (count: number) => {
    for (let i = 0; i < count; i++) void plinko.play(plinkoOutcome(random.current, rows));
  };
  return (
    <>
      <Stage stageRef={plinko.ref} height={620} dark />
      <Controls>
        <Num label="Rows" value={rows} min={8} max={16} onChange={setRows} />
        <Button onClick={() => drop(1)}>Drop ball</Button>
        <Button variant="secondary" onClick={() => drop(5)}>Drop 5 balls</Button>
        <Button variant="ghost" onClick={plinko.finish}>Skip</Button>
        <BallsInFlight scene={plinko.scene} />
        <Phase phase={plinko.phase} />
      </Controls>
      <TuningPanel tuning={plinkoTuning} />
    </>
  );
}

/** Polls the count on its own, so the lab around the canvas does not re-render four times a second. */
function BallsInFlight({ scene }: { scene: PlinkoScene | null }) {
  const [inFlight, setInFlight] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setInFlight(scene?.ballsInFlight ?? 0), 250);
    return () => clearInterval(timer);
  }, [scene]);
  return (
    <span className="scene-lab__outcome" data-testid="balls-in-flight">
      In flight: {inFlight}
    </span>
  );
}

function UpgradeLab({ seed, view }: LabProps) {
  const [chance, setChance] = useState(35);
  const [rollText, setRollText] = useState('');
  const upgrade = useScene(() => new UpgradeScene({ chance: 35, seed }), [seed], view);
  useEffect(() => upgrade.scene?.setChance(chance), [upgrade.scene, chance]);
  const roll = rollText === '' ? undefined : Math.max(0, Math.min(99.99, Number(rollText)));
  const outcome = upgradeOutcome(seed, chance, roll);
  return (
    <>
      <Stage stageRef={upgrade.ref} height={420} />
      <Controls>
        <Num label="Chance %" value={chance} min={1} max={90} step={0.01} onChange={setChance} />
        <label>
          Roll <input aria-label="Roll" placeholder={`seed → ${outcome.roll.toFixed(2)}`} value={rollText} onChange={(e) => setRollText(e.target.value)} />
        </label>
        <span className="scene-lab__outcome">{outcome.win ? 'Win' : 'Lose'}</span>
        <Button onClick={() => void upgrade.play(outcome)}>Upgrade</Button>
        <Button variant="secondary" onClick={upgrade.finish}>Skip</Button>
        <Phase phase={upgrade.phase} />
      </Controls>
      <TuningPanel tuning={upgradeTuning} />
    </>
  );
}

function CrashLab({ seed, view }: LabProps) {
  // ?crash=2.5 links a replay of that crash point (screenshots, the frame-time probe).
  const [params] = useSearchParams();
  const [crashText, setCrashText] = useState(() => params.get('crash') ?? '2.50');
  const [players, setPlayers] = useState(4);
  const [countdown, setCountdown] = useState(3);
  const crash = useScene(() => new CrashScene({ seed }), [seed], { ...view, background: 0x000000 });
  const crashPoint = Math.max(1, Number(crashText) || 1);
  const replay = () => void crash.play(crashOutcome(seed, crashPoint, players, countdown * 1000));
  return (
    <>
      <Stage stageRef={crash.ref} height={440} dark />
      <Controls>
        <label>
          Crash point <input aria-label="Crash point" inputMode="decimal" value={crashText} onChange={(e) => setCrashText(e.target.value)} />
        </label>
        <Num label="Cash-outs" value={players} min={0} max={10} onChange={setPlayers} />
        <Num label="Countdown (s)" value={countdown} min={0} max={7} onChange={setCountdown} />
        <Button onClick={replay}>Play round</Button>
        <Button variant="secondary" onClick={crash.finish}>Skip</Button>
        <Phase phase={crash.phase} />
      </Controls>
      <TuningPanel tuning={crashTuning} />
    </>
  );
}

function WheelLab({ seed, view }: LabProps) {
  const [spinSeconds, setSpinSeconds] = useState(5);
  const [win, setWin] = useState(true);
  const wheel = useScene(() => new WheelScene({ seed }), [seed], { ...view, background: 0x000000 });
  const outcome = wheelOutcome(seed, spinSeconds * 1000, win);
  return (
    <>
      <Stage stageRef={wheel.ref} height={520} dark />
      <Controls>
        <Num label="Spin (s)" value={spinSeconds} min={1} max={9} step={0.5} onChange={setSpinSeconds} />
        <label>
          <input type="checkbox" checked={win} onChange={(e) => setWin(e.target.checked)} /> My win
        </label>
        <span className="scene-lab__outcome">Segment {outcome.segment}</span>
        <Button onClick={() => void wheel.play(outcome)}>Spin</Button>
        <Button variant="secondary" onClick={wheel.finish}>Skip</Button>
        <Phase phase={wheel.phase} />
      </Controls>
      <TuningPanel tuning={wheelTuning} />
    </>
  );
}

function BattleLab({ seed, view }: LabProps) {
  // ?seats=2..6 and ?teams=1 link a battle layout (two teams split the seats in half).
  const [params] = useSearchParams();
  const [seats, setSeats] = useState(() => Math.min(6, Math.max(2, Number(params.get('seats')) || 4)));
  const [teams, setTeams] = useState(params.get('teams') === '1');
  const [roundsTotal, setRoundsTotal] = useState(3);
  const [round, setRound] = useState(3);
  const battle = useScene(() => new BattleScene({ seed }), [seed], view);
  const shownRound = Math.min(round, roundsTotal);
  const outcome = battleOutcome(seed, seats, teams && seats % 2 === 0, shownRound, roundsTotal);
  return (
    <>
      <Stage stageRef={battle.ref} height={460} />
      <Controls>
        <Num label="Seats" value={seats} min={2} max={6} onChange={setSeats} />
        <label>
          <input type="checkbox" checked={teams} onChange={(e) => setTeams(e.target.checked)} /> Teams
        </label>
        <Num label="Rounds" value={roundsTotal} min={1} max={10} onChange={setRoundsTotal} />
        <Num label="Round" value={shownRound} min={1} max={roundsTotal} onChange={setRound} />
        <Button onClick={() => void battle.play(outcome)}>Play round</Button>
        <Button variant="secondary" onClick={battle.finish}>Skip</Button>
        <Phase phase={battle.phase} />
      </Controls>
      <TuningPanel tuning={battleTuning} />
    </>
  );
}

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
    <>
      <Stage stageRef={mines.ref} height={480} />
      <Controls>
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
        <Button variant="secondary" onClick={mines.finish}>Skip</Button>
        <Phase phase={mines.phase} />
      </Controls>
      <TuningPanel tuning={minesTuning} />
    </>
  );
}

function Phase({ phase }: { phase: string }) {
  return <span className={`scene-lab__phase is-${phase}`}>{phase}</span>;
}

