import { Container, Graphics, Particle, ParticleContainer, Sprite, Text, Texture } from 'pixi.js';
import { plural } from '../../core/text/plural.ts';
import { SceneBase } from '../kit/SceneBase.ts';
import type { PlayRun } from '../kit/playControl.ts';
import { seededRandom } from '../kit/random.ts';
import { loadMissingItemTextures, releaseItemTextures } from '../kit/assets.ts';
import { COLOURS, MIN_LABEL_PX, textStyle } from '../kit/style.ts';
import { CardSheet, pickFiller, rarityColour, rarityRank, truncate, type ReelItem } from '../kit/cardSheet.ts';
import { colourOf, cueOf } from '../kit/tuning.ts';
import { battleTuning } from './tuning.ts';

// Box battle: one vertical reel per seat, side by side (2–6), each under its player's name in its
// team colour, with the seat's running total beneath and the round counter above. play() shows
// ONE round: every reel spins and stops on the item the server decided for that seat, then the
// totals count; with `winners` the winning seats glow and sparks fly. A tie the server settled by
// the published tie-break rule is shown as a coin flipped between the tied sides that lands on the
// side the rule picked (`tieBreak`: the scene never decides it). Reduced motion (motion 0) shows
// the round's items, totals and the coin's face at once.
//
// Drawn like the box reel (docs/scenes.md): cards are frames of one baked sheet
// (scenes/kit/cardSheet.ts), each strip a ParticleContainer with the landing card a sprite above
// it; no masks: opaque bands above and below the reel window hide the strip's ends.
// Timings, easings, glow, sparks, colours and cues come from battleTuning (scenes/battle/tuning.json).

/**
 * A seat's glow in the round's final frame, whether the play ran to its end, was skipped or was
 * reduced: full on a winner, faint on the others once there are winners, else the landed item's.
 * The end's pulse lands on it too, so a skip in the pulse and a skip in the spin leave the same frame.
 */
function finalGlowAlpha(view: Pick<BattleSceneRound, 'winners'>, seat: number): number {
  if (!view.winners?.length) return 0.8;
  return view.winners.includes(seat) ? 1 : 0.15;
}

export interface BattleSeatView {
  name: string;
  team: number;
}

export interface BattleSceneRound {
  seats: BattleSeatView[];
  /** Team battles colour seats by team; otherwise each seat has its own colour. */
  teams: boolean;
  /** 0 before round 1. */
  round: number;
  roundsTotal: number;
  /** The round's box items: filler for the strips. */
  items: ReelItem[];
  /** The decided item of each seat this round; null shows the reels idle (waiting, between rounds). */
  won: ReelItem[] | null;
  /** Coins per seat once this round counts. */
  totals: number[];
  /** Coins per seat before this round (shown while the reels spin); the totals of the last play when omitted. */
  totalsBefore?: number[];
  /** The winning seats, when this is the last round (or the battle is over). */
  winners?: number[] | null;
  /** Seconds of spin for this round (a viewer who arrives mid-round gets what is left of it). */
  spinSeconds?: number;
  /** The round already landed in an earlier play (the winners arrive after it): the reels stay, only the end plays. */
  landed?: boolean;
  /** A tie settled by the tie-break rule: the tied teams (a seat each in the free-for-all modes) and the one it picked. */
  tieBreak?: { tied: number[]; winner: number } | null;
}

/**
 * The words the scene draws, in the page's language (scenes/ cannot import the client's catalogs, so
 * the page hands them over). English by default: the scene lab and the tests draw these.
 */
export interface BattleSceneLabels {
  /** A team by its number (1, 2) on the tie-break coin: "Team 2". */
  team(number: number): string;
  /** The counter above the reels during the battle: "Round 2 / 5". */
  round(round: number, total: number): string;
  /** The counter before round 1: "5 rounds". */
  rounds(count: number): string;
}

const ENGLISH_LABELS: BattleSceneLabels = {
  team: (number) => `Team ${number}`,
  round: (round, total) => `Round ${round} / ${total}`,
  rounds: (count) => plural(count, 'round'),
};

export interface BattleSceneOptions {
  seed?: number;
  labels?: BattleSceneLabels;
  spinSeconds?: number;
  /**
   * Called when a round's reels show their landed items and the round's totals (its final frame):
   * the page's seat cards count the round from then, in step with the reels' totals.
   */
  onLanded?: (round: number) => void;
}

/** Seat colours, and team colours (the first two) in team battles. */
export const SEAT_COLOURS = [0x3b8bff, 0xff4d6a, 0x2ee59d, 0xffbf2e, 0xb46bff, 0x2ad4e5] as const;

const CARDS = 34;
/** Seat names and totals are never drawn under this size (readable on a phone). */
const MIN_SEAT_LABEL_PX = 12;
/** Narrower reels than this put a team battle's teams one per row (a 3v3 on a phone), when the canvas is tall enough. */
const MIN_COLUMN = 110;
const WIN_INDEX = 28;
const GAP = 10;
const HEADER = 56;

/**
 * `text` on `label`, shrunk (not below MIN_LABEL_PX) to fit `maxWidth`, then cut with an ellipsis
 * when even that is too wide: names and totals never run into the next column.
 */
function fitLabel(label: Text, text: string, maxWidth: number, minPx = MIN_LABEL_PX): void {
  label.text = text;
  label.scale.set(1);
  const natural = label.width;
  if (natural <= maxWidth) return;
  const size = Number(label.style.fontSize);
  label.scale.set(Math.max(minPx / size, maxWidth / natural));
  for (let keep = text.length - 1; label.width > maxWidth && keep > 1; keep--) label.text = truncate(text, keep);
}
const FOOTER = 54;
/** The smallest card drawn: a canvas squeezed narrower (mid-layout) still lays out, the cards only overlap. */
const MIN_CARD = 24;
const COIN_RADIUS = 46;

/** Where the reels go: `rows` rows (one per team, or one for every seat) of `perRow` columns. */
interface Grid {
  rows: number;
  perRow: number;
  columnWidth: number;
  rowHeight: number;
}

/**
 * One row of reels side by side, unless a team battle's columns would be narrower than MIN_COLUMN
 * (a 3v3 on a phone: 65 px, names cut to "Stea…") and the canvas has room for a row per team:
 * then each team gets its own row, its seats side by side in it.
 */
export function battleGrid(seats: BattleSeatView[], teams: boolean, width: number, height: number): Grid {
  const teamCount = teams ? new Set(seats.map((s) => s.team)).size : 1;
  const roomy = height / teamCount >= HEADER + FOOTER + 80;
  const rows = teams && teamCount > 1 && width / seats.length < MIN_COLUMN && roomy ? teamCount : 1;
  const perRow = Math.ceil(seats.length / rows);
  return { rows, perRow, columnWidth: width / perRow, rowHeight: height / rows };
}

interface Column {
  strip: Container;
  winner: Sprite;
  glow: Sprite;
  finalY: number;
  name: Text;
  total: Text;
  cardHeight: number;
  /** The name of the item this seat lands on this round (none while the seats fill). */
  item: string | null;
}

export class BattleScene extends SceneBase<BattleSceneRound> {
  readonly antialias = false;
  private readonly reels = new Container();
  private readonly chrome = new Container();
  private readonly counter = new Text({ text: '', style: textStyle(15, COLOURS.muted, '700') });
  private readonly coin = new Container();
  private readonly coinFace = new Graphics();
  private readonly coinLabel = new Text({ text: '', style: textStyle(15, 0x0b0d1c, '800') });
  private readonly sheet = new CardSheet();
  private readonly textures = new Map<string, Texture>();
  private readonly seed: number;
  private readonly spinSeconds: number | undefined;
  private columns: Column[] = [];
  private last: BattleSceneRound | null = null;
  private spinning = false;
  private width = 900;
  private height = 420;
  private grid: Grid = { rows: 1, perRow: 2, columnWidth: 450, rowHeight: 420 };
  private readonly onLanded: ((round: number) => void) | undefined;
  private readonly words: BattleSceneLabels;

  constructor(options: BattleSceneOptions = {}) {
    super();
    this.seed = options.seed ?? 1;
    this.spinSeconds = options.spinSeconds;
    this.onLanded = options.onLanded;
    this.words = options.labels ?? ENGLISH_LABELS;
  }

  /** The left edge and top of seat `s`'s cell in the grid. */
  private cell(s: number): { x: number; y: number } {
    return { x: (s % this.grid.perRow) * this.grid.columnWidth, y: Math.floor(s / this.grid.perRow) * this.grid.rowHeight };
  }

  protected setup(): void {
    this.counter.anchor.set(0.5, 0);
    this.coinLabel.anchor.set(0.5);
    this.coin.addChild(this.coinFace, this.coinLabel);
    this.coin.visible = false;
    this.root.addChild(this.reels, this.chrome, this.coin, this.particles.view);
    this.followTuning(battleTuning, () => this.resize(this.width, this.height));
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    if (this.last && !this.spinning) {
      this.build(this.last, true);
      this.showFinal(this.last);
    }
  }

  protected override async prepare(view: BattleSceneRound): Promise<void> {
    if (view.seats.length < 2 || view.seats.length > 6) throw new RangeError('a battle shows 2–6 seats');
    if (view.won && view.won.length !== view.seats.length) throw new RangeError('one decided item per seat');
    await loadMissingItemTextures(this.textures, [...view.items, ...(view.won ?? [])], () => this.destroyed);
    if (this.destroyed) return;
    this.last = view;
    this.build(view, Boolean(view.landed));
  }

  /** A round without decided items (seats still filling) is drawn, not spun. */
  protected override animates(view: BattleSceneRound): boolean {
    return view.won !== null;
  }

  protected async animate(view: BattleSceneRound, run: PlayRun): Promise<void> {
    if (!this.env || !view.won) return;
    this.spinning = true;
    const tuning = battleTuning.values;
    const random = seededRandom(this.seed * 31 + view.round);
    if (view.landed) {
      if (view.winners?.length) this.env.sound.play(cueOf(tuning.bigWinCue));
      return this.playEnd(view, random, run);
    }
    this.env.sound.play(cueOf(tuning.spinCue));
    const spins = this.columns.map((c, i) => {
      const landing = c.finalY + (random() - 0.5) * c.cardHeight * tuning.landingSpread;
      const seconds = view.spinSeconds ?? this.spinSeconds ?? tuning.spinSeconds;
      const spin = this.tweens.to(c.strip, { y: landing, duration: seconds * (0.9 + i * tuning.columnStagger), ease: tuning.spinEase });
      return spin.then(() => (run.cutShort ? undefined : this.tweens.to(c.strip, { y: c.finalY, duration: tuning.settleSeconds, ease: tuning.settleEase })));
    });
    if (await run.step(Promise.all(spins))) return;
    this.showFinal(view);
    const best = view.won.reduce((a, b) => (rarityRank(b.rarity) > rarityRank(a.rarity) ? b : a));
    this.env.sound.play(cueOf(view.winners?.length || rarityRank(best.rarity) >= 3 ? tuning.bigWinCue : tuning.roundCue));
    await this.playEnd(view, random, run);
  }

  /** After the reels stopped: the tie-break coin if any, then the glow pulse and the winners' sparks. */
  private async playEnd(view: BattleSceneRound, random: () => number, run: PlayRun): Promise<void> {
    const tuning = battleTuning.values;
    if (view.landed) this.showFinal(view);
    if (view.tieBreak) {
      // The winners show only once the coin lands.
      this.columns.forEach((c) => {
        c.glow.alpha = 0.8;
        c.total.style.fill = COLOURS.accent;
        c.name.style.fill = COLOURS.text;
      });
      if (await this.flipCoin(view, view.tieBreak, run)) return;
      this.showFinal(view);
    }
    const pulses = this.columns.map((c, i) =>
      this.tweens.fromTo(c.glow, { alpha: 0.25 }, { alpha: finalGlowAlpha(view, i), duration: tuning.glowPulseSeconds, ease: tuning.glowPulseEase }),
    );
    if (view.winners?.length) this.celebrate(view.winners, random);
    await run.step(Promise.all(pulses));
  }

  /** The tie-break as a coin: it turns over between the tied sides and lands on the rule's pick. True when cut short. */
  private async flipCoin(view: BattleSceneRound, tie: { tied: number[]; winner: number }, run: PlayRun): Promise<boolean> {
    const { coinFlips, coinFlipSeconds } = battleTuning.values;
    this.coin.visible = true;
    for (let i = 0; i < coinFlips; i++) {
      this.paintCoin(view, tie.tied[i % tie.tied.length]!);
      if (await run.step(this.tweens.fromTo(this.coin.scale, { y: 1 }, { y: 0, duration: coinFlipSeconds / 2, ease: 'sine.in' }))) return true;
      this.paintCoin(view, i === coinFlips - 1 ? tie.winner : tie.tied[(i + 1) % tie.tied.length]!);
      if (await run.step(this.tweens.fromTo(this.coin.scale, { y: 0 }, { y: 1, duration: coinFlipSeconds / 2, ease: 'sine.out' }))) return true;
    }
    this.paintCoin(view, tie.winner);
    return false;
  }

  /** The coin showing `side` (a team): its colour and its name. */
  private paintCoin(view: BattleSceneRound, side: number): void {
    const colour = SEAT_COLOURS[side % SEAT_COLOURS.length]!;
    const radius = Math.max(12, Math.min(COIN_RADIUS, this.width / 8, this.height / 5));
    this.coinFace.clear().circle(0, 0, radius).fill({ color: colour }).stroke({ width: 4, color: COLOURS.accent });
    this.coinLabel.text = view.teams ? this.words.team(side + 1) : truncate(view.seats[side]?.name ?? '', 8);
    this.coinLabel.style.fontSize = Math.max(9, Math.round(radius / 3));
    this.coin.position.set(this.width / 2, this.grid.rows > 1 ? this.height / 2 : HEADER + Math.max(80, this.height - HEADER - FOOTER) / 2);
  }

  protected override afterPlay(): void {
    this.spinning = false;
  }

  protected override release(): void {
    this.sheet.release();
    releaseItemTextures(this.textures.values());
    this.textures.clear();
    this.columns = [];
  }

  private seatColour(view: BattleSceneRound, seat: number): number {
    return SEAT_COLOURS[(view.teams ? view.seats[seat]!.team : seat) % SEAT_COLOURS.length]!;
  }

  /** Lays out the columns for `view`; `settled` puts every strip on its decided card. */
  private build(view: BattleSceneRound, settled: boolean): void {
    this.reels.removeChildren().forEach((c) => c.destroy({ children: true }));
    this.chrome.removeChildren().forEach((c) => c !== this.counter && c.destroy({ children: true }));
    this.columns = [];
    this.grid = battleGrid(view.seats, view.teams, this.width, this.height);
    const { columnWidth, rowHeight } = this.grid;
    const windowHeight = Math.max(80, rowHeight - HEADER - FOOTER);
    const cardWidth = Math.max(MIN_CARD, Math.min(columnWidth - 18, 150));
    const cardHeight = Math.max(MIN_CARD, Math.min(cardWidth * 1.2, windowHeight - 16));
    const random = seededRandom(this.seed * 977 + view.round);
    const fillers = view.items.length ? view.items : (view.won ?? []);
    const strips = view.seats.map((_, s) =>
      Array.from({ length: CARDS }, (_, i) => (i === WIN_INDEX && view.won ? view.won[s]! : fillers.length ? pickFiller(fillers, random) : null)),
    );
    const cards = strips.flat().filter((c): c is ReelItem => c !== null);
    const tuning = battleTuning.values;
    const background = colourOf(tuning.backgroundColour);
    if (cards.length) this.sheet.bake(this.env!.app.renderer, cards, cardWidth, cardHeight, this.textures, { blur: tuning.glowBlur, alpha: tuning.glowAlpha });
    // The landing line of each row (its window's middle).
    const centreOf = (s: number) => this.cell(s).y + HEADER + windowHeight / 2;
    const cardY = (i: number) => i * (cardHeight + GAP);
    const backs = new ParticleContainer({ dynamicProperties: { position: false } });
    const band = (layer: ParticleContainer, x: number, y: number, w: number, h: number, tint: number, alpha = 1) =>
      layer.addParticle(new Particle({ texture: Texture.WHITE, x, y, scaleX: w / Texture.WHITE.width, scaleY: h / Texture.WHITE.height, tint, alpha }));
    // The backdrop is the canvas's clear colour, not a full-canvas quad: the same pixels (the quad was
    // opaque), and on software WebGL a clear costs next to nothing where a quad is shaded pixel by
    // pixel (7–14 % of the battle's GPU time: the history of bench/README.md, "Where the battle's GPU time goes").
    const clear = this.env!.app.renderer.background;
    clear.color = background;
    clear.alpha = 1;
    this.reels.addChild(backs);
    // One row needs no mask (the bands above and below hide the strips' ends). Rows would show each
    // other's strips through their windows, so each row's reels are clipped to its window: a mask
    // per row, only in this layout (phones).
    const layers = Array.from({ length: this.grid.rows }, (_, row) => {
      if (this.grid.rows === 1) return this.reels;
      const layer = new Container();
      const mask = new Graphics().rect(0, row * rowHeight + HEADER, this.width, windowHeight).fill({ color: 0xffffff });
      layer.addChild(mask);
      layer.mask = mask;
      this.reels.addChild(layer);
      return layer;
    });
    view.seats.forEach((seat, s) => {
      const { x, y } = this.cell(s);
      const centreY = centreOf(s);
      const colour = this.seatColour(view, s);
      band(backs, x + 4, y + HEADER, columnWidth - 8, windowHeight, colourOf(tuning.windowColour));
      band(backs, x + 4, y + HEADER, columnWidth - 8, 2, colour, 0.8);
      const strip = new Container();
      strip.x = x + columnWidth / 2;
      const layer = new ParticleContainer({ dynamicProperties: { position: false } });
      strips[s]!.forEach((item, i) => {
        if (item && i !== WIN_INDEX) layer.addParticle(new Particle({ texture: this.sheet.frame(item), x: 0, y: cardY(i), anchorX: 0.5, anchorY: 0.5 }));
      });
      const won = view.won?.[s];
      const winner = new Sprite(won ? this.sheet.frame(won) : Texture.EMPTY);
      winner.anchor.set(0.5);
      winner.y = cardY(WIN_INDEX);
      winner.visible = Boolean(won);
      const glow = new Sprite(cards.length ? this.sheet.glow : Texture.EMPTY);
      glow.anchor.set(0.5);
      glow.position.set(x + columnWidth / 2, centreY);
      glow.tint = view.winners?.includes(s) ? COLOURS.accent : won ? rarityColour(won.rarity) : colour;
      glow.visible = false;
      strip.addChild(layer, winner);
      layers[Math.floor(s / this.grid.perRow)]!.addChild(glow, strip);
      const finalY = centreY - cardY(WIN_INDEX);
      strip.y = settled || !view.won ? finalY : centreY - cardY(3);
      const name = new Text({ text: '', style: textStyle(14, COLOURS.text, '700') });
      fitLabel(name, truncate(seat.name, 16), columnWidth - 8, MIN_SEAT_LABEL_PX);
      name.anchor.set(0.5);
      name.position.set(x + columnWidth / 2, y + 36);
      const total = new Text({ text: '', style: textStyle(18, COLOURS.accent, '800') });
      fitLabel(total, (view.totals[s] ?? 0).toFixed(2), columnWidth - 8, MIN_SEAT_LABEL_PX);
      total.anchor.set(0.5);
      total.position.set(x + columnWidth / 2, y + HEADER + windowHeight + FOOTER / 2);
      this.columns.push({ strip, winner, glow, finalY, name, total, cardHeight, item: won?.name ?? null });
    });
    // Opaque bands over the strips' ends (no mask), then the team stripes and the texts.
    const covers = new ParticleContainer({ dynamicProperties: { position: false } });
    for (let row = 0; row < this.grid.rows; row++) {
      const top = row * rowHeight;
      band(covers, 0, top, this.width, HEADER, background);
      band(covers, 0, top + HEADER + windowHeight, this.width, (row === this.grid.rows - 1 ? this.height : top + rowHeight) - top - HEADER - windowHeight, background);
    }
    view.seats.forEach((_, s) => band(covers, this.cell(s).x + 10, this.cell(s).y + 50, columnWidth - 20, 3, this.seatColour(view, s)));
    // The marker: a thin accent line across every reel at the landing height (of every row).
    for (let row = 0; row < this.grid.rows; row++) band(covers, 0, row * rowHeight + HEADER + windowHeight / 2 - 1, this.width, 2, colourOf(tuning.markerColour), tuning.markerAlpha);
    this.chrome.addChild(covers, this.counter);
    for (const c of this.columns) this.chrome.addChild(c.name, c.total);
    this.counter.text = view.round > 0 ? this.words.round(view.round, view.roundsTotal) : this.words.rounds(view.roundsTotal);
    this.counter.position.set(this.width / 2, 6);
    this.coin.visible = false;
    // Totals before this round while the reels spin (what the page's seat cards show too); showFinal sets this round's.
    const before = view.totalsBefore ?? this.previousTotals;
    if (!settled && view.won) this.columns.forEach((c, s) => fitLabel(c.total, (before[s] ?? 0).toFixed(2), columnWidth - 8, MIN_SEAT_LABEL_PX));
  }

  /** The totals of the last play's final frame. */
  private previousTotals: number[] = [];
  /** The seats the last final frame showed as winners. */
  private shownWinners: readonly number[] = [];

  /**
   * The frame in words (browser tests read it through the host element's sceneShown()): the round
   * counter, then each seat's landed item (while its strip rests on it), total and a winner's mark,
   * and the tie-break coin's side when it shows.
   */
  shown(): string[] {
    const seats = this.columns.map((c, s) => `${c.strip.y === c.finalY && c.item ? c.item : '…'} ${c.total.text}${this.shownWinners.includes(s) ? ' WIN' : ''}`);
    return [this.counter.text, ...seats, ...(this.coin.visible ? [`Coin ${this.coinLabel.text}`] : [])];
  }

  protected showFinal(view: BattleSceneRound): void {
    if (this.destroyed) return;
    this.columns.forEach((c, s) => {
      c.strip.y = c.finalY;
      c.glow.visible = Boolean(view.won) || Boolean(view.winners?.includes(s));
      c.glow.alpha = finalGlowAlpha(view, s);
      fitLabel(c.total, (view.totals[s] ?? 0).toFixed(2), this.grid.columnWidth - 8, MIN_SEAT_LABEL_PX);
      c.total.style.fill = view.winners?.includes(s) ? COLOURS.win : COLOURS.accent;
      c.name.style.fill = view.winners?.length && !view.winners.includes(s) ? COLOURS.muted : COLOURS.text;
    });
    this.previousTotals = [...view.totals];
    this.shownWinners = view.winners ?? [];
    if (view.won && view.round > 0) this.onLanded?.(view.round);
    if (view.tieBreak) {
      this.paintCoin(view, view.tieBreak.winner);
      this.coin.scale.set(1);
      this.coin.visible = true;
    }
  }

  private celebrate(winners: number[], random: () => number): void {
    const { winnerSparks, sparkSpeed } = battleTuning.values;
    for (const s of winners) this.particles.burst(this.cell(s).x + this.grid.columnWidth / 2, this.cell(s).y + this.grid.rowHeight / 2, COLOURS.accent, winnerSparks, random, sparkSpeed);
  }
}
