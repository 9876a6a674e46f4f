import { Container, Particle, ParticleContainer, Sprite, Texture } from 'pixi.js';
import { CanvasTexture, cssColour, polygon } from '../kit/bakedTexture.ts';
import { SceneBase } from '../kit/SceneBase.ts';
import type { PlayRun } from '../kit/playControl.ts';
import { seededRandom } from '../kit/random.ts';
import { loadMissingItemTextures, releaseItemTextures } from '../kit/assets.ts';
import { COLOURS } from '../kit/style.ts';
import { CardSheet, pickFiller, rarityColour, type ReelItem } from '../kit/cardSheet.ts';
import { colourOf, cueOf } from '../kit/tuning.ts';
import { boxTuning } from './tuning.ts';
import { DropReveal, revealedDrop, type Revealed } from './dropReveal.ts';
import type { BigWinLabels } from '../kit/bigWinMoment.ts';

export type { ReelItem };

// Box opening: one horizontal reel per opened box (x1–x5, stacked). Each reel is a strip of item
// cards that spins and decelerates until the decided item sits under the centre marker, then
// glows in its rarity colour; a big win (core/games/celebration.ts: the multiplier on the opening's
// cost and the item's odds) then takes the whole canvas (the reveal: dropReveal.ts) with sparks. Filler cards are drawn from the
// box's own items by their real odds (pickFiller) with a seeded generator, so the same seed replays
// the same strip; nothing is placed next to the winner on purpose (no staged near-misses). Before
// the first opening, showItems() lays one standing reel of the box's items, not an empty panel:
// only the cards inside the canvas (its first 5–10 of 46), so a box page's start loads and bakes
// the pictures a player sees and no more (docs/performance.md, "The box page's standing reel").
//
// Drawn for software WebGL like plinko (docs/scenes.md): the cards come from one baked sheet
// (scenes/kit/cardSheet.ts), and each strip is a ParticleContainer of frames of that sheet (one draw call, a one-texture shader, positions
// uploaded once: the strip moves as a whole); the reels' bands are a particle layer of scaled white
// too. The winning card is a sprite in the strip above its particles, so it can pulse. The glow is
// a canvas-baked blur, the marker a baked texture; no masks, no filters, no MSAA on the frame.
//
// Timings, easings, glow, sparks, colours and cues come from boxTuning (scenes/box-opening/tuning.json),
// read when a play uses them; a change redraws the reels and marker when no spin is running.

export interface BoxOpeningResult {
  /** The box's items: filler for the strips. */
  items: ReelItem[];
  /** The decided item of each reel (1–5), in order. */
  won: ReelItem[];
  /** What the opening cost in coins (the box's price times the reels; 0 for a free box): the reveal's tier follows the multiplier on it. */
  stake: number;
}

export interface BoxOpeningSceneOptions {
  seed?: number;
  /** Seconds of spin at motion 1 (fast mode passes less); otherwise the tuning's spinSeconds. */
  spinSeconds?: number;
  /**
   * The words the scene draws, in the page's language (a scene knows none): the reveal's headline of
   * each big tier. English without them; the pages always pass them (src/features/scenes/useScene.ts's bigWinLabels).
   */
  labels?: BigWinLabels;
}

const CARDS = 46;
const WIN_INDEX = 40;
/** The card under the marker before a spin: the strip runs right to left from there. */
const START_INDEX = 3;
const GAP = 10;
/** A card's width to its height. */
const CARD_ASPECT = 0.82;

/** Which cards of a strip are built: all of them, or those from `first` to `last` (inclusive). */
interface CardRange {
  first: number;
  last: number;
}

const ALL_CARDS: CardRange = { first: 0, last: CARDS - 1 };

interface Reel {
  view: Container;
  /** What spins: the cards' particle layer and, above it, the winner's sprite. */
  strip: Container;
  glow: Sprite;
  winner: Sprite;
  cardWidth: number;
  /** Strip x that centres the winning card under the marker. */
  finalX: number;
  /** The strip's cards, in order (only some of them may be built). */
  cards: ReelItem[];
}

export class BoxOpeningScene extends SceneBase<BoxOpeningResult> {
  readonly antialias = false;
  private readonly reelLayer = new Container();
  private readonly marker = new Sprite();
  private markerTexture: CanvasTexture | null = null;
  /** Every card of the strips as a frame of one baked sheet, with the glow of that card size. */
  private readonly sheet = new CardSheet();
  /** The full-scene moment of a rare or better drop, over the reels. */
  private readonly reveal: DropReveal;
  private readonly seed: number;
  /**
   * The seed of the strips on screen and of their landing: the scene's seed for the preview and the
   * first opening, one more for each opening after it. With one seed for every opening the filler
   * around the winner was the same run of cards at every spin; fixed per opening, a resize rebuilds
   * the landed strips as they were. The count of openings is the one state: the seed follows from it.
   */
  private get stripSeed(): number {
    return this.seed + Math.max(0, this.openings - 1);
  }
  private openings = 0;
  private readonly spinSeconds: number | undefined;
  private reels: Reel[] = [];
  private lastResult: BoxOpeningResult | null = null;
  /** The items of the standing preview reel, until an opening replaces it (lastResult stays null until then). */
  private previewItems: ReelItem[] | null = null;
  private textures = new Map<string, Texture>();
  private spinning = false;
  private resizePending = false;
  private width = 800;
  private height = 240;

  constructor(options: BoxOpeningSceneOptions = {}) {
    super();
    this.seed = options.seed ?? 1;
    this.spinSeconds = options.spinSeconds;
    this.reveal = new DropReveal(options.labels);
  }

  protected setup(): void {
    this.root.addChild(this.reelLayer, this.marker, this.reveal.view, this.particles.view);
    // A tuning change redraws what is baked or laid out from it (glow, bands, marker).
    this.followTuning(boxTuning, () => this.resize(this.width, this.height));
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    // Rebuilding strips mid-spin would pull them out from under their tweens: wait for the end.
    if (this.spinning) {
      this.resizePending = true;
      return;
    }
    if (!this.lastResult && this.previewItems) void this.showPreview();
    if (this.lastResult) {
      const offsets = this.reels.map((r) => r.strip.x - r.finalX);
      this.buildReels(this.lastResult);
      this.reels.forEach((r, i) => (r.strip.x = r.finalX + (offsets[i] ?? 0)));
      // A reveal on screen is its final frame: laid out again for the new size.
      if (this.reveal.shown) this.showReveal(this.lastResult);
    }
    this.drawMarker();
  }

  protected override async prepare(result: BoxOpeningResult): Promise<void> {
    if (result.won.length < 1 || result.won.length > 5) throw new RangeError('a box opening shows 1–5 reels');
    if (result.items.length < 1) throw new RangeError('a box opening needs the box items');
    this.previewItems = null;
    this.reveal.hide();
    this.openings++;
    await loadMissingItemTextures(this.textures, [...result.items, ...result.won], () => this.destroyed);
    if (this.destroyed) return;
    this.lastResult = result;
    this.buildReels(result);
  }

  protected async animate(result: BoxOpeningResult, run: PlayRun): Promise<void> {
    if (!this.env) return;
    this.spinning = true;
    const random = seededRandom(this.stripSeed * 7919 + 1);
    const tuning = boxTuning.values;
    this.env.sound.play(cueOf(tuning.spinCue));
    let lastCard = 0;
    const spins = this.reels.map((reel, i) => {
      // Land somewhere on the winning card, not always dead centre, then ease onto the centre.
      const landing = reel.finalX + (random() - 0.5) * reel.cardWidth * tuning.landingSpread;
      const spin = this.tweens.to(reel.strip, {
        x: landing,
        duration: (this.spinSeconds ?? tuning.spinSeconds) + i * tuning.reelStaggerSeconds,
        ease: tuning.spinEase,
        onUpdate: i === 0 ? () => {
          const card = Math.floor((this.width / 2 - reel.strip.x) / (reel.cardWidth + GAP));
          if (card !== lastCard) {
            lastCard = card;
            this.env?.sound.play(cueOf(tuning.tickCue), { minGapMs: tuning.tickGapMs });
          }
        } : undefined,
      });
      return spin.then(() => (run.cutShort ? undefined : this.tweens.to(reel.strip, { x: reel.finalX, duration: tuning.settleSeconds, ease: tuning.settleEase })));
    });
    if (await run.step(Promise.all(spins))) return;
    this.showFinal(result);
    // The reveal waits for the winner's pop and glow: its final frame must not show before it plays.
    this.reveal.hide();
    const earned = revealedDrop(result.won, result.stake);
    this.env.sound.play(cueOf(earned ? tuning.bigWinCue : tuning.winCue));
    // The celebration belongs to the play: it resolves when the glow has pulsed (and a reveal has
    // settled), so no tween outlives play().
    const pulses: Promise<void>[] = [];
    this.reels.forEach((reel) => {
      reel.winner.scale.set(this.winnerScale(tuning.winnerPopScale));
      const settled = this.winnerScale(tuning.winnerScale);
      pulses.push(this.tweens.to(reel.winner.scale, { x: settled, y: settled, duration: tuning.popSeconds, ease: tuning.popEase }));
      pulses.push(this.tweens.fromTo(reel.glow, { alpha: 0.3 }, { alpha: 1, duration: tuning.glowPulseSeconds, repeat: 1, ease: tuning.glowPulseEase }));
    });
    if (await run.step(Promise.all(pulses))) return;
    const revealed = this.showReveal(result);
    if (!revealed) return;
    const sparks = { huge: tuning.epicSparks, mega: tuning.legendarySparks }[revealed.tier as string] ?? tuning.rareSparks;
    this.particles.burst(this.reveal.centre.x, this.reveal.centre.y, rarityColour(revealed.item.rarity), sparks, random, tuning.sparkSpeed);
    await this.reveal.play(this.tweens, run);
  }

  /** Lays out the reveal of the result's best drop if the opening earns one (and shows its final frame); returns it. */
  private showReveal(result: BoxOpeningResult): Revealed | null {
    const revealed = revealedDrop(result.won, result.stake);
    if (!revealed || !this.env) {
      this.reveal.hide();
      return null;
    }
    const { item } = revealed;
    // The item's own picture, crisp when large; without one, its card from the reel's sheet.
    const picture = (item.img_url && this.textures.get(item.img_url)) || this.sheet.frame(item);
    this.reveal.layout(revealed, picture, this.width, this.height, this.env.app.renderer.resolution);
    this.reveal.showFinal();
    return revealed;
  }

  protected override afterPlay(): void {
    this.spinning = false;
    if (this.resizePending && !this.destroyed) {
      this.resizePending = false;
      this.resize(this.width, this.height);
    }
  }

  /** Before any opening: one standing reel of the box's items, drawn by their odds, no winner lit. */
  showItems(items: ReelItem[]): void {
    if (items.length === 0 || this.lastResult) return;
    this.previewItems = items;
    void this.showPreview();
  }

  private async showPreview(): Promise<void> {
    const items = this.previewItems;
    if (!this.env || this.destroyed || !items) return;
    // The preview's "winner" sits at card 40, far outside the canvas: it is never built.
    const preview = { items, won: [items[0]!], stake: 0 };
    const visible = this.visibleCards(1);
    const shown = this.stripsOf(preview).flatMap((strip) => strip.slice(visible.first, visible.last + 1));
    await loadMissingItemTextures(this.textures, shown, () => this.destroyed);
    // An opening may have started while the textures loaded: it owns the reels then.
    if (this.destroyed || this.previewItems !== items || this.spinning) return;
    this.buildReels(preview, visible);
    this.drawMarker();
  }

  /** The name of the item under each reel's marker, from where its strip stands now. */
  shown(): string[] {
    return this.reels.map((reel) => {
      const index = Math.round((this.width / 2 - reel.strip.x - reel.cardWidth / 2) / (reel.cardWidth + GAP));
      return reel.cards[Math.min(CARDS - 1, Math.max(0, index))]!.name;
    });
  }

  protected override release(): void {
    this.reveal.destroy();
    this.sheet.release();
    this.markerTexture?.destroy();
    this.markerTexture = null;
    releaseItemTextures(this.textures.values());
    this.textures.clear();
    this.reels = [];
  }

  protected showFinal(result: BoxOpeningResult): void {
    if (this.destroyed) return;
    for (const reel of this.reels) {
      reel.strip.x = reel.finalX;
      reel.glow.visible = true;
      reel.glow.alpha = 1;
      reel.winner.scale.set(this.winnerScale(boxTuning.values.winnerScale));
    }
    this.showReveal(result);
  }

  /** The winner's scale, at most `wanted`, so it stays inside its reel's band (there is no mask). */
  private winnerScale(wanted: number): number {
    const reel = this.reels[0];
    if (!reel) return wanted;
    return Math.min(wanted, (this.reelHeight() - 8) / reel.winner.texture.height);
  }

  private reelHeight(): number {
    return this.height / Math.max(1, this.reels.length || this.lastResult?.won.length || 1);
  }

  /**
   * A card's size when the canvas holds `reels` reels: as tall as the reel allows, but never so wide
   * that fewer than `minVisibleCards` fit across (a phone's canvas would show two and a half cards,
   * and a reel of two cards reads as a carousel, not a spin); a narrowed card keeps its proportions.
   */
  private cardSize(reels: number): { cardWidth: number; cardHeight: number } {
    const byHeight = Math.min(this.height / reels - 16, 190);
    const byWidth = (this.width + GAP) / boxTuning.values.minVisibleCards - GAP;
    const cardWidth = Math.min(byHeight * CARD_ASPECT, 160, byWidth);
    return { cardWidth, cardHeight: Math.min(byHeight, cardWidth / CARD_ASPECT) };
  }

  /** The cards inside the canvas while the strip stands at its start (START_INDEX under the marker). */
  private visibleCards(reels: number): CardRange {
    const { cardWidth } = this.cardSize(reels);
    // Card i's centre is (i - START_INDEX) pitches from the canvas's centre; any part inside counts.
    const reach = Math.ceil((this.width / 2 + cardWidth / 2) / (cardWidth + GAP));
    return { first: Math.max(0, START_INDEX - reach), last: Math.min(CARDS - 1, START_INDEX + reach) };
  }

  /** Every reel's 46 cards: the opening's filler by the items' odds, the decided item at WIN_INDEX. */
  private stripsOf(result: BoxOpeningResult): ReelItem[][] {
    const random = seededRandom(this.stripSeed);
    return result.won.map((won) => Array.from({ length: CARDS }, (_, i) => (i === WIN_INDEX ? won : pickFiller(result.items, random))));
  }

  private buildReels(result: BoxOpeningResult, range: CardRange = ALL_CARDS): void {
    this.reelLayer.removeChildren().forEach((c) => c.destroy({ children: true }));
    this.reels = [];
    const count = result.won.length;
    const reelHeight = this.height / count;
    const { cardWidth, cardHeight } = this.cardSize(count);
    const built = (i: number) => i >= range.first && i <= range.last;
    const strips = this.stripsOf(result);
    const tuning = boxTuning.values;
    const baked = strips.flatMap((strip) => strip.filter((_, i) => built(i)));
    this.sheet.bake(this.env!.app.renderer, baked, cardWidth, cardHeight, this.textures, { blur: tuning.glowBlur, alpha: tuning.glowAlpha });
    // The reels' bands and edge lines: scaled white particles, so the full-width fills take the
    // one-texture shader too (a Graphics fill goes through the 16-texture batch shader).
    const backs = new ParticleContainer({ dynamicProperties: { position: false } });
    const band = (y: number, height: number, tint: number, alpha = 1) =>
      backs.addParticle(new Particle({ texture: Texture.WHITE, x: 0, y, scaleX: this.width / Texture.WHITE.width, scaleY: height / Texture.WHITE.height, tint, alpha }));
    this.reelLayer.addChild(backs);
    result.won.forEach((won, r) => {
      const view = new Container();
      view.y = r * reelHeight;
      band(view.y + 4, reelHeight - 8, colourOf(tuning.bandColour), tuning.bandAlpha);
      band(view.y + 4, 1, COLOURS.panelEdge);
      band(view.y + reelHeight - 5, 1, COLOURS.panelEdge);
      const cards = new ParticleContainer({ dynamicProperties: { position: false } });
      const glow = new Sprite(this.sheet.glow);
      glow.anchor.set(0.5);
      glow.tint = rarityColour(won.rarity);
      glow.position.set(this.width / 2, reelHeight / 2);
      glow.visible = false;
      const cardX = (i: number) => i * (cardWidth + GAP) + cardWidth / 2;
      strips[r]!.forEach((item, i) => {
        // The winner's slot stays empty in the particles: its sprite above them draws it.
        if (i !== WIN_INDEX && built(i)) cards.addParticle(new Particle({ texture: this.sheet.frame(item), x: cardX(i), y: reelHeight / 2, anchorX: 0.5, anchorY: 0.5 }));
      });
      const winner = new Sprite(built(WIN_INDEX) ? this.sheet.frame(won) : Texture.EMPTY);
      winner.anchor.set(0.5);
      winner.position.set(cardX(WIN_INDEX), reelHeight / 2);
      const strip = new Container();
      strip.addChild(cards, winner);
      view.addChild(glow, strip);
      this.reelLayer.addChild(view);
      const finalX = this.width / 2 - cardX(WIN_INDEX);
      // Start with card 3 under the marker: the strip runs right to left.
      strip.x = this.width / 2 - cardX(START_INDEX);
      // The glow sits between the backdrop and the strip, so it shines around the winning card.
      this.reels.push({ view, strip, glow, winner, cardWidth, finalX, cards: strips[r]! });
    });
  }

  private drawMarker(): void {
    if (!this.env) return;
    const x = 10;
    const height = Math.ceil(this.height);
    const colour = colourOf(boxTuning.values.markerColour);
    // Drawn on a 2D canvas (antialiased there), like the cards: a Pixi render into a texture is a
    // render pass the first frame would wait for on software WebGL (docs/performance.md).
    const texture = new CanvasTexture(
      20,
      height,
      (ctx) => {
        ctx.fillStyle = cssColour(colour, 0.9);
        ctx.fillRect(x - 1.5, 0, 3, height);
        polygon(ctx, [x - 10, 0, x + 10, 0, x, 12], colour);
        polygon(ctx, [x - 10, height, x + 10, height, x, height - 12], colour);
      },
      { resolution: this.env.app.renderer.resolution },
    );
    this.markerTexture?.destroy();
    this.markerTexture = texture;
    this.marker.texture = texture.texture;
    this.marker.x = this.width / 2 - x;
  }
}

