import { Container, Graphics, MeshRope, Particle, ParticleContainer, Point, Sprite, Text, type Ticker } from 'pixi.js';
import { AntialiasedSprite, CanvasTexture } from '../kit/bakedTexture.ts';
import type { Scene, SceneEnv } from '../kit/Scene.ts';
import { SceneBase } from '../kit/SceneBase.ts';
import type { PlayRun } from '../kit/playControl.ts';
import type { SoundLoop } from '../kit/SceneSound.ts';
import { seededRandom } from '../kit/random.ts';
import { colourOf, cueOf } from '../kit/tuning.ts';
import { crashTuning } from './tuning.ts';
import { COLOURS, textStyle } from '../kit/style.ts';
import { ViewPool } from '../kit/viewPool.ts';
import { chartAxes, formatMultiplier, multiplierTicks, multiplierTier, TIER_COLOURS, timeTicks, type ChartAxes } from './crashChart.ts';
import { CRASH_GROWTH_PER_MS, crashCurve, crashMsToReach, crashMultiplierAt, crashPointHundredths } from '../../core/games/crash.ts';
import { bakeCrashTextures, destroyCrashTextures, GLOW, ROCKET, type CrashTextures } from './crashTextures.ts';

// Crash: a live scene. It draws whatever state the page gives it (setRound) at the moment of the
// server's clock (the client's clock plus setClockOffset): the countdown between rounds, then the
// curve m(t) from the launch time on axes that rescale as it climbs, the multiplier large in the
// middle, a rocket at the head, markers where players cashed out, and the explosion at the crash.
// Nothing is derived from ticks: a late joiner, a reconnect or a replay draws the same frame for
// the same moment. Reduced motion (motion 0): the number and a static chart, no flight.
// Frames are drawn without MSAA (antialias = false; on software WebGL it multiplies the cost of
// every pixel): the line of the curve is a rope whose baked profile fades at its edges, the
// markers' dots are baked with MSAA when a marker is styled (scenes/kit/bakedTexture.ts), the rest is
// baked textures, text and straight lines on whole pixels.
//
// play() has two forms, both the scene contract's "animate a decided outcome, settle when drawn":
// - `{bet}`: the viewer's bet in the live round. It settles once the scene has drawn that bet's
//   outcome: its cash-out marker on the curve (the number reached it), or its round's end (a bust),
//   or a newer round (its end was missed). The page shows the bet's balance then
//   (src/features/scenes/sceneHold.ts), as every other game does when its play settles.
// - a replay (the scene lab, tests and the leak test): a whole round played locally (countdown,
//   flight, crash), settled after the explosion.

export type CrashStatus = 'new' | 'starting' | 'pending' | 'in_progress' | 'ended';

export interface CrashMark {
  /** Unique within the round (the bet id or the player). */
  key: string | number;
  name: string;
  multiplier: number;
  /** The viewer's own cash-out: highlighted, and the chime plays for it. */
  mine?: boolean;
}

export interface CrashRoundView {
  roundId: number | string;
  status: CrashStatus;
  /** Server ms when betting closes and the rocket launches (the countdown's target). */
  startsAt: number | null;
  /** Server ms of the launch; the curve is computed from it. */
  launchedAt: number | null;
  /** Known once ended. */
  crashPoint: number | null;
  cashOuts: readonly CrashMark[];
}

export interface CrashReplay {
  crashPoint: number;
  cashOuts?: readonly CrashMark[];
  /** Countdown before launch (ms); 0 launches at once. */
  countdownMs?: number;
}

/** The viewer's bet in the live round: `key` is its cash-out marker's key (the bet id). */
export interface CrashBetOutcome {
  roundId: number | string;
  key: string | number;
}

/** What play() animates: the viewer's bet in the live round, or a whole round replayed. */
export type CrashPlay = { bet: CrashBetOutcome } | CrashReplay;

/**
 * The words the scene draws, in the page's language (scenes/ cannot import the client's catalogs, so
 * the page hands them over). English by default: the scene lab and the tests draw these.
 */
export interface CrashSceneLabels {
  /** Under the crash point once the round has ended. */
  crashed: string;
  /** Under the multiplier while the rocket flies. */
  currentPayout: string;
  /** Under the countdown between rounds. */
  nextRoundIn: string;
  /** Betting has closed; the rocket is about to launch. */
  launching: string;
  /** No round yet (connecting, or between rounds). */
  waiting: string;
}

const ENGLISH_LABELS: CrashSceneLabels = {
  crashed: 'CRASHED',
  currentPayout: 'CURRENT PAYOUT',
  nextRoundIn: 'NEXT ROUND IN',
  launching: 'LAUNCHING…',
  waiting: 'WAITING FOR THE NEXT ROUND',
};

export interface CrashSceneOptions {
  seed?: number;
  /** The client's clock in ms (Date.now by default; tests fix it). */
  now?: () => number;
  labels?: CrashSceneLabels;
}

/** A live bet's play, waiting for its outcome to be drawn. */
interface FollowedBet {
  bet: CrashBetOutcome;
  done(): void;
}

const IDLE: CrashRoundView = { roundId: 0, status: 'new', startsAt: null, launchedAt: null, crashPoint: null, cashOuts: [] };
/** Curve samples per frame: enough for a smooth line at any size. */
const SAMPLES = 90;
/** Other players' markers drawn at most (the newest stay): a busy round would bury the curve under names. */
/** An end older than this when the scene learns of it is shown without the explosion (a late joiner). */
const FRESH_END_MS = 1500;

/** When the curve shows `multiplier` (2 decimals), in ms after the launch. */
const msToReach = (multiplier: number): number => crashMsToReach(crashPointHundredths(multiplier));

/**
 * The countdown is redrawn in steps of this many ms (20 a second): its number changes every 100 ms
 * and its bar then moves by about 1.5 px, while each drawn frame costs the main thread a wait for the
 * GPU (on software WebGL a read-back; Lighthouse counted /crash's countdown frames as blocking time).
 */
const COUNTDOWN_STEP_MS = 50;
/**
 * A live round the viewer has no bet in is drawn at most 30 times a second: a spectator's curve and
 * number climb as smoothly to the eye, for half the frames, each of which holds the main thread until
 * the GPU has drawn it. The viewer's own bet (a followed play) and a replay get every frame.
 */
const SPECTATOR_FRAME_MS = 1000 / 30;

/** The sky streams past faster as the rocket climbs: 0.02 + 0.08·ln m(t) per ms, at most 0.27. */
const SKY_SPEED = { base: 0.02, perLn: 0.08, maxClimb: 0.25 } as const;
const SKY_FULL_SPEED_MS = SKY_SPEED.maxClimb / (SKY_SPEED.perLn * CRASH_GROWTH_PER_MS);

/** How far the sky has streamed after `ms` of flight: the speed above integrated (ln m(t) = g·t). */
export function skyDriftAt(ms: number): number {
  const climbing = Math.min(ms, SKY_FULL_SPEED_MS);
  const climbed = SKY_SPEED.base * climbing + (SKY_SPEED.perLn * CRASH_GROWTH_PER_MS * climbing * climbing) / 2;
  return climbed + (SKY_SPEED.base + SKY_SPEED.maxClimb) * Math.max(0, ms - SKY_FULL_SPEED_MS);
}

interface Marker {
  view: Container;
  dot: AntialiasedSprite;
  label: Text;
}

export class CrashScene extends SceneBase<CrashReplay> implements Scene<CrashPlay> {
  readonly antialias = false;
  private readonly now: () => number;
  /** The viewer's bets whose plays wait for their outcome to be drawn. */
  private readonly followed = new Set<FollowedBet>();
  private readonly random: () => number;
  private readonly words: CrashSceneLabels;
  private offsetMs = 0;
  private view: CrashRoundView = IDLE;
  /** The replay play() is showing (prepare() lays out its times). */
  private replay: { roundId: string; launchedAt: number; flightMs: number; marks: CrashMark[] } | null = null;
  private textures: CrashTextures | null = null;
  private width = 720;
  private height = 420;
  private unit = 1;

  private readonly stars = new ParticleContainer({ dynamicProperties: { position: true } });
  /** Each star's place as a fraction of the sky, drawn once: a resize keeps the sky's layout. */
  private starList: { particle: Particle; depth: number; fx: number; fy: number }[] = [];
  /** How far the sky has streamed (ms-units of skyDriftAt): the rounds before this one, and this one's flight so far. */
  private skyBase = 0;
  private skyDrift = 0;
  private skyRound: CrashRoundView['roundId'] = IDLE.roundId;
  private readonly chart = new Container();
  private readonly grid = new Graphics();
  private readonly axisLabels = new Container();
  private readonly labels: ViewPool<Text>;
  private readonly usedLabels: Text[] = [];
  /** The faint area under the curve. */
  private readonly curveArea = new Graphics();
  /** The curve's line: a rope along SAMPLES + 1 points, its profile a baked texture (lineProfile). */
  private readonly curvePoints = Array.from({ length: SAMPLES + 1 }, () => new Point());
  private curveLine: MeshRope | null = null;
  private lineProfile: CanvasTexture | null = null;
  /** What lineProfile was baked for (width in CSS pixels, resolution): compared each frame, so numbers, not a string built per frame. */
  private lineProfileFor = { width: 0, resolution: 0 };
  private readonly markLayer = new Container();
  private readonly markers: ViewPool<Container>;
  private readonly drawnMarks = new Map<string | number, Marker>();
  private readonly head = new Container();
  private readonly headGlow = new Sprite();
  private readonly rocket = new Sprite();
  private readonly flame = new Sprite();
  private readonly flash = new Sprite();
  private readonly big = new Text({ text: '', style: textStyle(84, 0xffffff, '800') });
  private readonly caption = new Text({ text: '', style: textStyle(16, COLOURS.muted, '700') });
  private readonly countdownBar = new Graphics();

  private shownText = '';
  /** The countdown step last drawn (COUNTDOWN_STEP_MS), -1 outside a countdown. */
  private countdownDrawn = -1;
  /** When the flight was last drawn (the client's clock), for a spectator's frame rate. */
  private flightDrawnAt = -Infinity;
  /** The axes and size the grid was last drawn for. */
  private gridDrawn = '';
  private curveShown = false;
  private barShown = false;
  private exploded: number | string | null = null;
  private engine: SoundLoop | null = null;
  private shakeUntil = 0;
  /** A replay's waits, on this scene's clock (gsap's lag smoothing would stretch them on a slow frame). */
  private waiters: { at: number; resolve: () => void }[] = [];

  constructor(options: CrashSceneOptions = {}) {
    super();
    this.now = options.now ?? Date.now;
    this.random = seededRandom(options.seed ?? 1);
    this.words = options.labels ?? ENGLISH_LABELS;
    this.labels = new ViewPool(this.axisLabels, () => new Text({ text: '', style: textStyle(12, COLOURS.muted, '600') }));
    this.markers = new ViewPool(this.markLayer, () => {
      const view = new Container();
      view.addChild(new AntialiasedSprite(), new Text({ text: '', style: textStyle(12, 0xffffff, '700') }));
      return view;
    });
  }

  /** The server's clock minus the client's (ms): the curve runs on the server's time. */
  setClockOffset(offsetMs: number): void {
    this.offsetMs = offsetMs;
  }

  /** The server's time now, as this scene draws it. */
  serverNow(): number {
    return this.now() + this.offsetMs;
  }

  /**
   * The round to draw; called on every status change, bet batch and cash-out. The explosion plays
   * when a flight this scene was showing ends now; `quiet` (a skip) shows the end without it.
   */
  setRound(view: CrashRoundView, { quiet = false }: { quiet?: boolean } = {}): void {
    const previous = this.view;
    if (view.roundId !== previous.roundId) this.clearMarks();
    this.view = view;
    this.placeStars();
    if (view.status === 'ended' && this.exploded !== view.roundId) {
      this.exploded = view.roundId;
      this.stopEngine();
      const endedAgo = view.launchedAt !== null && view.crashPoint !== null ? this.serverNow() - (view.launchedAt + msToReach(view.crashPoint)) : Infinity;
      if (!quiet && previous.roundId === view.roundId && previous.status === 'in_progress' && endedAgo < FRESH_END_MS) this.explode();
    }
    this.draw();
  }

  /**
   * The frame in words (browser tests read it through the host element's sceneShown()): the big
   * number with its caption, then the cash-out markers shown on the chart.
   */
  shown(): string[] {
    return [`${this.big.text} ${this.caption.text}`, ...[...this.drawnMarks.values()].filter((m) => m.view.visible).map((m) => m.label.text)];
  }

  /** The multiplier the head shows now (1 before launch, the crash point once ended). */
  get multiplier(): number {
    const v = this.view;
    if (v.status === 'ended' && v.crashPoint !== null) return v.crashPoint;
    if (v.status !== 'in_progress' || v.launchedAt === null) return 1;
    return crashMultiplierAt(Math.max(0, this.serverNow() - v.launchedAt));
  }

  protected setup(env: SceneEnv): void {
    this.textures = bakeCrashTextures(env.app.renderer.resolution);
    const t = this.textures;
    this.headGlow.texture = t.glow.texture;
    this.rocket.texture = t.rocket.texture;
    this.flame.texture = t.flame.texture;
    this.flash.texture = t.glow.texture;
    for (const s of [this.headGlow, this.flash]) s.anchor.set(0.5);
    this.rocket.anchor.set(1 - 4 / ROCKET.width, 0.5); // the nose tip sits on the curve
    this.flame.anchor.set(1, 0.5);
    this.flame.x = -ROCKET.width + 6;
    this.head.addChild(this.headGlow, this.flame, this.rocket);
    this.flash.visible = false;
    this.big.anchor.set(0.5);
    this.caption.anchor.set(0.5);
    this.addStars(crashTuning.values.stars);
    // Most of the tuning is read every frame; the count of stars is laid out once, so it is redone here.
    this.followTuning(crashTuning, () => {
      const count = crashTuning.values.stars;
      if (count !== this.starList.length) {
        this.stars.removeParticles();
        this.starList = [];
        this.addStars(count);
        this.placeStars();
      }
      this.gridDrawn = '';
      this.draw();
    });
    this.curveLine = new MeshRope({ texture: this.bakeLineProfile(env.app.renderer.resolution), points: this.curvePoints, textureScale: 0 });
    this.curveLine.visible = false;
    this.chart.addChild(this.grid, this.axisLabels, this.curveArea, this.curveLine, this.markLayer, this.head, this.flash, this.particles.view);
    this.root.addChild(this.stars, this.chart, this.countdownBar, this.caption, this.big);
  }

  private addStars(count: number): void {
    const texture = this.textures!.star.texture;
    for (let i = 0; i < count; i++) {
      const particle = new Particle({ texture, anchorX: 0.5, anchorY: 0.5, alpha: 0.25 + this.random() * 0.6 });
      const scale = 0.4 + this.random() * 0.8;
      particle.scaleX = scale;
      particle.scaleY = scale;
      this.stars.addParticle(particle);
      this.starList.push({ particle, depth: 0.2 + this.random() * 0.8, fx: this.random(), fy: this.random() });
    }
  }

  /**
   * The sky's offset now. A round streams it by its own flight time (skyDriftAt), not frame by frame,
   * so a replay's landed frame is the same however its frames fell. Reduced motion holds it still.
   */
  private skyOffset(): number {
    const v = this.view;
    if (v.roundId !== this.skyRound) {
      this.skyBase += this.skyDrift;
      this.skyDrift = 0;
      this.skyRound = v.roundId;
    }
    if (this.env && this.env.motion > 0 && v.launchedAt !== null && (v.status === 'in_progress' || v.status === 'ended')) {
      this.skyDrift = skyDriftAt(v.status === 'ended' && v.crashPoint !== null ? msToReach(v.crashPoint) : Math.max(0, this.serverNow() - v.launchedAt));
    }
    return this.skyBase + this.skyDrift;
  }

  private placeStars(): void {
    // The sky streams left and down; a star leaving it comes back on the other side (4 px beyond each edge).
    const shift = this.skyOffset() * this.unit;
    const spanX = this.width + 8;
    const spanY = this.height + 8;
    for (const star of this.starList) {
      const x = (star.fx * spanX - shift * star.depth) % spanX;
      const y = (star.fy * spanY + shift * star.depth * 0.45) % spanY;
      star.particle.x = (x < 0 ? x + spanX : x) - 4;
      star.particle.y = y - 4;
    }
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.unit = Math.max(0.55, Math.min(1.4, Math.min(width / 760, height / 420)));
    this.big.style.fontSize = Math.round(84 * this.unit);
    this.caption.style.fontSize = Math.max(12, Math.round(16 * this.unit));
    this.placeStars();
    this.shownText = '';
    this.draw();
  }

  override async play(played: CrashPlay, signal: AbortSignal): Promise<void> {
    if ('bet' in played) return this.follow(played.bet, signal);
    const replay = played;
    // The script waits on the server clock, not on tweens: an abort must wake those waits.
    const onAbort = () => this.releaseWaiters();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      await super.play(replay, signal);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** Skip: a replay jumps to its crash; a live bet's play settles (its round goes on regardless). */
  override finish(): void {
    super.finish();
    this.settleFollowed(() => true);
  }

  /** The live bet's play: settles when its outcome has been drawn, on abort, finish or destroy. */
  private follow(bet: CrashBetOutcome, signal: AbortSignal): Promise<void> {
    if (!this.env || this.destroyed || signal.aborted || this.outcomeDrawn(bet)) return Promise.resolve();
    return new Promise((resolve) => {
      const entry: FollowedBet = {
        bet,
        done: () => {
          signal.removeEventListener('abort', entry.done);
          this.followed.delete(entry);
          resolve();
        },
      };
      signal.addEventListener('abort', entry.done, { once: true });
      this.followed.add(entry);
    });
  }

  /**
   * The bet's outcome is on the canvas: its marker (the number reached its cash-out), its round's
   * end, or a newer round (live round ids are numbers; a replay's never end a live bet).
   */
  private outcomeDrawn(bet: CrashBetOutcome): boolean {
    const v = this.view;
    if (v.roundId === bet.roundId) return this.drawnMarks.has(bet.key) || v.status === 'ended';
    return typeof v.roundId === 'number' && typeof bet.roundId === 'number' && v.roundId > bet.roundId;
  }

  private settleFollowed(settles: (bet: CrashBetOutcome) => boolean = (bet) => this.outcomeDrawn(bet)): void {
    for (const entry of [...this.followed]) if (settles(entry.bet)) entry.done();
  }

  protected override prepare(replay: CrashReplay): void {
    const launchedAt = this.serverNow() + (replay.countdownMs ?? 0);
    this.replay = {
      roundId: `replay-${this.now()}-${this.random()}`,
      launchedAt,
      flightMs: msToReach(replay.crashPoint),
      marks: (replay.cashOuts ?? []).filter((m) => m.multiplier <= replay.crashPoint),
    };
  }

  protected async animate(replay: CrashReplay, run: PlayRun): Promise<void> {
    const { roundId, launchedAt, flightMs, marks } = this.replay!;
    if ((replay.countdownMs ?? 0) > 0) {
      this.setRound({ roundId, status: 'starting', startsAt: launchedAt, launchedAt: null, crashPoint: null, cashOuts: [] });
      if (await run.step(this.until(launchedAt))) return;
    }
    this.setRound({ roundId, status: 'in_progress', startsAt: launchedAt, launchedAt, crashPoint: null, cashOuts: marks });
    if (await run.step(this.until(launchedAt + flightMs))) return;
    this.setRound({ roundId, status: 'ended', startsAt: launchedAt, launchedAt, crashPoint: replay.crashPoint, cashOuts: marks });
    await run.step(this.until(launchedAt + flightMs + 1200));
  }

  /** The replayed round, crashed. */
  protected showFinal(replay: CrashReplay): void {
    const { roundId, launchedAt, flightMs, marks } = this.replay!;
    this.releaseWaiters();
    this.setRound({ roundId, status: 'ended', startsAt: launchedAt, launchedAt: this.serverNow() - flightMs, crashPoint: replay.crashPoint, cashOuts: marks }, { quiet: true });
  }


  /** Resolves when the server's clock reaches `at`, or when the play is cut, aborted or destroyed. */
  private until(at: number): Promise<void> {
    if (this.destroyed || this.serverNow() >= at) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ at, resolve }));
  }

  private releaseWaiters(due = Infinity): void {
    const done = this.waiters.filter((w) => w.at <= due);
    if (!done.length) return;
    this.waiters = this.waiters.filter((w) => w.at > due);
    for (const w of done) w.resolve();
  }

  protected override update(ticker: Ticker): void {
    super.update(ticker);
    this.releaseWaiters(this.serverNow());
    if (this.env && this.env.motion > 0 && this.view.status === 'in_progress') this.placeStars();
    // Between rounds the picture is still: it changes on setRound, resize and tuning, each of which
    // draws. Redrawing it anyway every tick would make every frame a changed one (scenes/kit/sceneApp.ts).
    if (this.movesWithTime()) this.draw();
  }

  /**
   * The shake (until the chart is back in place) changes every frame; the flight every frame for the
   * viewer's bet or a replay, at SPECTATOR_FRAME_MS otherwise; the countdown every step.
   */
  private movesWithTime(): boolean {
    const v = this.view;
    if (this.serverNow() < this.shakeUntil || this.chart.x !== 0 || this.chart.y !== 0) return true;
    // -2 ms: ticks of a 60 Hz display come 16.6–16.8 ms apart, and every other one must draw.
    if (v.status === 'in_progress') return this.followed.size > 0 || typeof v.roundId === 'string' || this.now() - this.flightDrawnAt >= SPECTATOR_FRAME_MS - 2;
    return v.status === 'starting' && this.countdownStep(this.serverNow()) !== this.countdownDrawn;
  }

  /** The countdown's time left in whole steps of COUNTDOWN_STEP_MS, -1 outside a countdown. */
  private countdownStep(nowServer: number): number {
    const v = this.view;
    return v.status === 'starting' && v.startsAt !== null ? Math.ceil(Math.max(0, v.startsAt - nowServer) / COUNTDOWN_STEP_MS) : -1;
  }

  protected override stop(): void {
    this.releaseWaiters();
    this.settleFollowed(() => true);
    this.stopEngine();
  }

  protected override release(): void {
    if (this.textures) destroyCrashTextures(this.textures);
    this.textures = null;
    this.lineProfile?.destroy();
    this.lineProfile = null;
    this.starList = [];
    this.drawnMarks.clear();
  }

  // ------------------------------------------------------------------ drawing

  private get motion(): number {
    return this.env?.motion ?? 0;
  }

  private plot() {
    const u = this.unit;
    return { x0: 58 * u, y0: 22 * u, x1: this.width - 30 * u, y1: this.height - 34 * u };
  }

  private draw(): void {
    if (!this.env || this.destroyed) return;
    const v = this.view;
    this.flightDrawnAt = v.status === 'in_progress' ? this.now() : -Infinity;
    const nowServer = this.serverNow();
    const flying = v.status === 'in_progress' && v.launchedAt !== null;
    const ended = v.status === 'ended' && v.crashPoint !== null;
    const elapsed = flying ? Math.max(0, nowServer - v.launchedAt!) : ended ? msToReach(v.crashPoint!) : 0;
    const m = this.multiplier;
    // Reduced motion: while it flies only the number changes; the chart stays at its resting axes.
    const still = this.motion === 0 && flying;
    const axes = still ? chartAxes(0, 1) : chartAxes(elapsed, flying ? crashCurve(elapsed) : m);
    this.drawGrid(axes);
    const showCurve = (flying && !still) || ended;
    this.drawCurve(showCurve ? elapsed : 0, axes, ended ? TIER_COLOURS.bust : TIER_COLOURS[multiplierTier(m)]);
    this.drawHead(showCurve && flying, elapsed, m, axes, nowServer);
    this.drawMarks(flying || ended ? m : 0, ended, showCurve, axes);
    this.drawNumbers(v, m, nowServer);
    if (this.followed.size) this.settleFollowed();
    if (flying && !still) this.updateEngine(m);
    const shaking = this.motion > 0 && nowServer < this.shakeUntil;
    const shake = crashTuning.values.shakePx * this.unit;
    this.chart.position.set(shaking ? (this.random() - 0.5) * shake : 0, shaking ? (this.random() - 0.5) * shake : 0);
  }

  private xOf(ms: number, axes: ChartAxes): number {
    const p = this.plot();
    return p.x0 + (ms / axes.maxMs) * (p.x1 - p.x0);
  }

  private yOf(multiplier: number, axes: ChartAxes): number {
    const p = this.plot();
    return p.y1 - ((multiplier - 1) / (axes.maxMultiplier - 1)) * (p.y1 - p.y0);
  }

  private drawGrid(axes: ChartAxes): void {
    const p = this.plot();
    // The axes step while the curve climbs, and stand still through the countdown and between rounds.
    const drawn = `${axes.maxMs}|${axes.maxMultiplier}|${p.x0}|${p.x1}|${p.y0}|${p.y1}|${this.unit}`;
    if (drawn === this.gridDrawn) return;
    this.gridDrawn = drawn;
    this.grid.clear();
    for (const label of this.usedLabels.splice(0)) this.labels.release(label);
    for (const tick of multiplierTicks(axes)) {
      const y = this.yOf(tick, axes);
      this.grid.moveTo(p.x0, y).lineTo(p.x1, y);
      this.label(`${Number(tick.toFixed(2))}x`, p.x0 - 8 * this.unit, y, 1, 0.5);
    }
    for (const tick of timeTicks(axes)) {
      const x = this.xOf(tick, axes);
      this.grid.moveTo(x, p.y1).lineTo(x, p.y1 + 5 * this.unit);
      this.label(`${Number((tick / 1000).toFixed(1))}s`, x, p.y1 + 8 * this.unit, 0.5, 0);
    }
    this.grid.stroke({ width: 1, color: 0xffffff, alpha: 0.07 });
    this.grid.moveTo(p.x0, p.y0).lineTo(p.x0, p.y1).lineTo(p.x1, p.y1).stroke({ width: 1.5, color: 0xffffff, alpha: 0.22 });
  }

  private label(text: string, x: number, y: number, ax: number, ay: number): void {
    const label = this.labels.acquire();
    if (label.text !== text) label.text = text;
    label.style.fontSize = Math.max(10, Math.round(12 * this.unit));
    label.anchor.set(ax, ay);
    label.position.set(x, y);
    this.usedLabels.push(label);
  }

  private drawCurve(elapsed: number, axes: ChartAxes, colour: number): void {
    if (elapsed <= 0) {
      // Already empty: clearing it again would count as a change of the stage.
      if (this.curveShown) this.curveArea.clear();
      if (this.curveLine) this.curveLine.visible = false;
      this.curveShown = false;
      return;
    }
    this.curveShown = true;
    this.curveArea.clear();
    const p = this.plot();
    const points: number[] = [];
    for (let i = 0; i <= SAMPLES; i++) {
      const ms = (elapsed * i) / SAMPLES;
      const x = this.xOf(ms, axes);
      const y = this.yOf(crashCurve(ms), axes);
      points.push(x, y);
      this.curvePoints[i]!.set(x, y);
    }
    const lastX = points[points.length - 2]!;
    // The area under the curve, faint (its jagged edge lies under the line), then the line itself.
    this.curveArea.poly([...points, lastX, p.y1, p.x0, p.y1]).fill({ color: colour, alpha: crashTuning.values.areaAlpha });
    if (!this.curveLine || !this.env) return;
    this.curveLine.texture = this.bakeLineProfile(this.env.app.renderer.resolution);
    this.curveLine.tint = colour;
    this.curveLine.visible = true;
  }

  /**
   * The line's cross-section, white to tint: the tuning's width at this size, its edges fading over
   * a texel, which stands in for MSAA at the line's edges. Baked again only when
   * the width, the size or the pixel ratio changed.
   */
  private bakeLineProfile(resolution: number): CanvasTexture['texture'] {
    const width = crashTuning.values.curveWidth * this.unit;
    const baked = this.lineProfileFor;
    if (this.lineProfile && baked.width === width && baked.resolution === resolution) return this.lineProfile.texture;
    // A texel of fade on each side, half of it inside the width: the line covers `width` on average.
    const fade = 1 / resolution;
    const height = width + fade;
    const draw = (ctx: CanvasRenderingContext2D) => {
      const gradient = ctx.createLinearGradient(0, 0, 0, height);
      gradient.addColorStop(0, 'rgba(255, 255, 255, 0)');
      gradient.addColorStop(fade / height, 'rgba(255, 255, 255, 1)');
      gradient.addColorStop(1 - fade / height, 'rgba(255, 255, 255, 1)');
      gradient.addColorStop(1, 'rgba(255, 255, 255, 0)');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, 2, height);
    };
    // Redrawn into the same texture: the rope drew the old one in the last frame (CanvasTexture).
    if (this.lineProfile) this.lineProfile.redraw(2, height, draw, resolution);
    else this.lineProfile = new CanvasTexture(2, height, draw, { resolution });
    this.lineProfileFor = { width, resolution };
    return this.lineProfile.texture;
  }

  private drawHead(visible: boolean, elapsed: number, m: number, axes: ChartAxes, nowServer: number): void {
    this.head.visible = visible;
    if (!visible) return;
    const x = this.xOf(elapsed, axes);
    const y = this.yOf(crashCurve(elapsed), axes);
    // Along the curve's tangent, in screen units (the axes scale x and y differently).
    const behind = Math.max(0, elapsed - 120);
    const angle = Math.atan2(y - this.yOf(crashCurve(behind), axes), x - this.xOf(behind, axes));
    this.head.position.set(x, y);
    this.head.rotation = Math.min(0, angle);
    this.head.scale.set(this.unit);
    const colour = TIER_COLOURS[multiplierTier(m)];
    this.headGlow.tint = colour;
    this.headGlow.scale.set(crashTuning.values.headGlowScale + 0.15 * Math.sin(nowServer / 90));
    this.headGlow.x = -ROCKET.width / 2;
    this.flame.scale.set(0.75 + 0.35 * Math.abs(Math.sin(nowServer / 37)) + Math.min(0.6, Math.log(m) * 0.25), 0.85 + 0.2 * Math.sin(nowServer / 53));
  }

  /**
   * A cash-out is drawn once the number reaches it (its chime then, and the viewer's bet's play
   * settles after this frame); its marker shows on the curve when there is one (not in a
   * reduced-motion flight).
   */
  private drawMarks(headMultiplier: number, ended: boolean, onChart: boolean, axes: ChartAxes): void {
    const all = this.view.cashOuts;
    const marks = [...all.filter((m) => m.mine), ...all.filter((m) => !m.mine).slice(-crashTuning.values.maxMarks)];
    let index = 0;
    for (const mark of marks) {
      const reached = ended || headMultiplier >= mark.multiplier;
      let marker = this.drawnMarks.get(mark.key);
      if (!reached || headMultiplier <= 0) {
        if (marker) marker.view.visible = false;
        continue;
      }
      if (!marker) {
        const view = this.markers.acquire();
        const [dot, label] = view.children as [AntialiasedSprite, Text];
        marker = { view, dot, label };
        this.drawnMarks.set(mark.key, marker);
        this.styleMark(marker, mark);
        if (mark.mine) this.env?.sound.play(cueOf(crashTuning.values.cashOutCue));
      }
      marker.view.visible = onChart;
      const x = this.xOf(msToReach(mark.multiplier), axes);
      const y = this.yOf(mark.multiplier, axes);
      marker.view.position.set(x, y);
      marker.view.scale.set(this.unit);
      // Alternate labels above and below the curve so neighbours do not overprint.
      marker.label.position.set(8, index % 2 === 0 ? -22 : 6);
      index++;
    }
  }

  private styleMark(marker: Marker, mark: CrashMark): void {
    const colour = colourOf(mark.mine ? crashTuning.values.myMarkColour : crashTuning.values.otherMarkColour);
    const dot = new Graphics().circle(0, 0, mark.mine ? 6 : 4.5).fill({ color: colour }).stroke({ width: 2, color: 0x000000, alpha: 0.6 });
    if (this.env) marker.dot.bake(this.env.app.renderer, dot);
    dot.destroy();
    marker.label.text = `${mark.name} ${formatMultiplier(mark.multiplier)}`;
    marker.label.style.fill = colour;
  }

  private clearMarks(): void {
    for (const marker of this.drawnMarks.values()) this.markers.release(marker.view);
    this.drawnMarks.clear();
  }

  private drawNumbers(v: CrashRoundView, m: number, nowServer: number): void {
    const cx = (this.plot().x0 + this.plot().x1) / 2;
    const cy = this.height * 0.4;
    let text: string;
    let caption: string;
    let colour: number;
    let bar = 0;
    if (v.status === 'ended' && v.crashPoint !== null) {
      text = formatMultiplier(v.crashPoint);
      caption = this.words.crashed;
      colour = COLOURS.lose;
    } else if (v.status === 'in_progress') {
      text = formatMultiplier(m);
      caption = this.words.currentPayout;
      colour = m >= 2 ? TIER_COLOURS[multiplierTier(m)] : 0xffffff;
    } else if (v.status === 'starting' && v.startsAt !== null) {
      const left = Math.max(0, v.startsAt - nowServer);
      text = `${(left / 1000).toFixed(1)}s`;
      caption = this.words.nextRoundIn;
      colour = COLOURS.accent;
      bar = left;
    } else {
      text = v.status === 'pending' ? formatMultiplier(1) : '';
      caption = v.status === 'pending' ? this.words.launching : this.words.waiting;
      colour = COLOURS.muted;
    }
    this.countdownDrawn = this.countdownStep(nowServer);
    const shown = `${text}|${caption}|${colour}`;
    if (shown !== this.shownText) {
      this.shownText = shown;
      this.big.text = text;
      this.big.style.fill = colour;
      this.caption.text = caption;
    }
    const captionAbove = v.status === 'ended';
    this.big.position.set(cx, cy);
    this.caption.position.set(cx, cy + (captionAbove ? -1 : 1) * (52 * this.unit + 8));
    this.drawCountdownBar(bar, cx, this.caption.y + 14 * this.unit + 6);
  }

  private drawCountdownBar(leftMs: number, cx: number, y: number): void {
    if (leftMs <= 0 || this.motion === 0) {
      if (this.barShown) this.countdownBar.clear();
      this.barShown = false;
      return;
    }
    this.barShown = true;
    this.countdownBar.clear();
    const width = 220 * this.unit;
    const fraction = Math.min(1, leftMs / 7000);
    this.countdownBar.roundRect(cx - width / 2, y, width, 6 * this.unit, 3 * this.unit).fill({ color: 0xffffff, alpha: 0.1 });
    this.countdownBar.roundRect(cx - width / 2, y, width * fraction, 6 * this.unit, 3 * this.unit).fill({ color: COLOURS.accent });
  }

  // ------------------------------------------------------------------ sound and the crash

  private updateEngine(m: number): void {
    if (!this.env) return;
    this.engine ??= this.env.sound.loop(cueOf(crashTuning.values.engineCue), { volume: crashTuning.values.engineVolume });
    this.engine.setRate(Math.min(2.4, 0.8 + Math.log(m) * 0.45));
  }

  private stopEngine(): void {
    this.engine?.stop();
    this.engine = null;
  }

  private explode(): void {
    const tuning = crashTuning.values;
    if (!this.env || this.motion === 0) {
      this.env?.sound.play(cueOf(tuning.bustCue));
      return;
    }
    const v = this.view;
    if (v.crashPoint === null) return;
    const axes = chartAxes(msToReach(v.crashPoint), v.crashPoint);
    const x = this.xOf(msToReach(v.crashPoint), axes);
    const y = this.yOf(v.crashPoint, axes);
    this.env.sound.play(cueOf(tuning.bustCue));
    // Embers fly at 5/7 of the sparks' speed.
    this.particles.burst(x, y, colourOf(tuning.bustSparkColour), tuning.bustSparks, this.random, tuning.sparkSpeed * this.unit);
    this.particles.burst(x, y, colourOf(tuning.emberColour), tuning.emberSparks, this.random, ((tuning.sparkSpeed * 5) / 7) * this.unit);
    this.shakeUntil = this.serverNow() + tuning.shakeMs;
    this.flash.visible = true;
    this.flash.tint = colourOf(tuning.flashColour);
    this.flash.position.set(x, y);
    this.flash.alpha = 1;
    this.flash.scale.set((0.5 * this.unit * 140) / GLOW);
    const flash = (this.unit * tuning.flashSize) / GLOW;
    void this.tweens.to(this.flash.scale, { x: flash, y: flash, duration: tuning.flashGrowSeconds, ease: tuning.flashGrowEase });
    void this.tweens.to(this.flash, { alpha: 0, duration: tuning.flashFadeSeconds, ease: tuning.flashFadeEase, onComplete: () => void (this.flash.visible = false) });
  }
}
