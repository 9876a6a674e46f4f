import { Container, Graphics, Particle, ParticleContainer, Rectangle, Sprite, Text, Texture } from 'pixi.js';
import { bakeGlow, type CanvasTexture } from '../core/bakedTexture.ts';
import { isRarity, rarityTint } from '../../core/games/rarity.ts';
import { SceneBase } from '../core/SceneBase.ts';
import { seededRandom } from '../core/random.ts';
import { loadItemTextures, releaseItemTextures } from '../core/assets.ts';
import { COLOURS, textStyle } from '../core/style.ts';

// Box opening: one horizontal reel per opened box (x1–x5, stacked). Each reel is a strip of item
// cards that spins and decelerates until the decided item sits under the centre marker, then
// glows in its rarity colour; epic and legendary drops add sparks. Filler cards are drawn from the
// box's own items with a seeded generator, so the same seed replays the same strip.
//
// Drawn for software WebGL like plinko (docs/scenes.md): every distinct card (frame, picture or gem,
// name, price) is rendered ONCE, with MSAA, into one sheet texture (generateTexture), and each strip
// is a ParticleContainer of frames of that sheet (one draw call, a one-texture shader, positions
// uploaded once: the strip moves as a whole); the reels' bands are a particle layer of scaled white
// too. The winning card is a sprite in the strip above its particles, so it can pulse. The glow is
// a canvas-baked blur, the marker a baked texture; no masks, no filters, no MSAA on the frame.

export interface ReelItem {
  id: number | string;
  name: string;
  /** Coins. */
  price: number;
  rarity: string;
  img_url?: string | null;
  /** The item's odds in the box (any unit); filler follows them when given. */
  odds?: number;
}

export interface BoxOpeningResult {
  /** The box's items: filler for the strips. */
  items: ReelItem[];
  /** The decided item of each reel (1–5), in order. */
  won: ReelItem[];
}

export interface BoxOpeningSceneOptions {
  seed?: number;
  /** Seconds of spin at motion 1 (the scene lab tunes it; fast mode passes less). */
  spinSeconds?: number;
}

const CARDS = 46;
/** The winner's scale once it has landed. */
const WINNER_SCALE = 1.06;
const WIN_INDEX = 40;
const GAP = 10;

interface Reel {
  view: Container;
  /** What spins: the cards' particle layer and, above it, the winner's sprite. */
  strip: Container;
  glow: Sprite;
  winner: Sprite;
  cardWidth: number;
  /** Strip x that centres the winning card under the marker. */
  finalX: number;
}

export function rarityColour(rarity: string): number {
  return isRarity(rarity) ? rarityTint(rarity) : COLOURS.muted;
}

export function pickFiller(items: readonly ReelItem[], random: () => number): ReelItem {
  const weights = items.map((i) => (i.odds && i.odds > 0 ? i.odds : 1));
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < items.length; i++) {
    r -= weights[i] ?? 0;
    if (r <= 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

export class BoxOpeningScene extends SceneBase<BoxOpeningResult> {
  readonly antialias = false;
  private readonly reelLayer = new Container();
  private readonly marker = new Sprite();
  private markerTexture: Texture | null = null;
  /** The sheet every card is a frame of, and the frames by item; for `sheetKey` (size and items). */
  private sheet: Texture | null = null;
  private readonly cards = new Map<string, Texture>();
  private sheetKey = '';
  /** The glow around a card, baked with the sheet (it depends on the card size). */
  private glowTexture: CanvasTexture | null = null;
  private readonly seed: number;
  private readonly spinSeconds: number;
  private reels: Reel[] = [];
  private lastResult: BoxOpeningResult | null = null;
  private textures = new Map<string, Texture>();
  private spinning = false;
  private resizePending = false;
  private width = 800;
  private height = 240;

  constructor(options: BoxOpeningSceneOptions = {}) {
    super();
    this.seed = options.seed ?? 1;
    this.spinSeconds = options.spinSeconds ?? 5.5;
  }

  protected setup(): void {
    this.root.addChild(this.reelLayer, this.marker, this.particles.view);
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    // Rebuilding strips mid-spin would pull them out from under their tweens: wait for the end.
    if (this.spinning) {
      this.resizePending = true;
      return;
    }
    if (this.lastResult) {
      const offsets = this.reels.map((r) => r.strip.x - r.finalX);
      this.buildReels(this.lastResult);
      this.reels.forEach((r, i) => (r.strip.x = r.finalX + (offsets[i] ?? 0)));
    }
    this.drawMarker();
  }

  async play(result: BoxOpeningResult, signal: AbortSignal): Promise<void> {
    if (!this.env || this.destroyed) return;
    if (result.won.length < 1 || result.won.length > 5) throw new RangeError('a box opening shows 1–5 reels');
    if (result.items.length < 1) throw new RangeError('a box opening needs the box items');
    const run = this.control.start(() => this.showFinal(), signal);
    try {
      await this.loadTextures(result);
      if (this.destroyed) return;
      this.lastResult = result;
      this.buildReels(result);
      if (this.env.motion === 0 || run.cutShort) return this.showFinal();
      this.spinning = true;
      const random = seededRandom(this.seed * 7919 + 1);
      this.env.sound.play('whoosh');
      let lastCard = 0;
      const spins = this.reels.map((reel, i) => {
        // Land somewhere on the winning card, not always dead centre, then ease onto the centre.
        const landing = reel.finalX + (random() - 0.5) * reel.cardWidth * 0.7;
        const spin = this.tweens.to(reel.strip, {
          x: landing,
          duration: this.spinSeconds + i * 0.18,
          ease: 'power4.out',
          onUpdate: i === 0 ? () => {
            const card = Math.floor((this.width / 2 - reel.strip.x) / (reel.cardWidth + GAP));
            if (card !== lastCard) {
              lastCard = card;
              this.env?.sound.play('tick', { minGapMs: 35 });
            }
          } : undefined,
        });
        return spin.then(() => (run.cutShort ? undefined : this.tweens.to(reel.strip, { x: reel.finalX, duration: 0.35, ease: 'power2.inOut' })));
      });
      if (await run.step(Promise.all(spins))) return;
      this.showFinal();
      const best = result.won.reduce((a, b) => (rank(b.rarity) > rank(a.rarity) ? b : a));
      this.env.sound.play(rank(best.rarity) >= 3 ? 'bigWin' : 'win');
      // The celebration belongs to the play: it resolves when the glow has pulsed, so no tween outlives play().
      const pulses: Promise<void>[] = [];
      this.reels.forEach((reel, i) => {
        const item = result.won[i]!;
        if (rank(item.rarity) >= 3) this.particles.burst(this.width / 2, reel.view.y + this.reelHeight() / 2, rarityColour(item.rarity), rank(item.rarity) === 4 ? 90 : 50, random, 8);
        reel.winner.scale.set(this.winnerScale(1.12));
        const settled = this.winnerScale(WINNER_SCALE);
        pulses.push(this.tweens.to(reel.winner.scale, { x: settled, y: settled, duration: 0.5, ease: 'back.out(3)' }));
        pulses.push(this.tweens.fromTo(reel.glow, { alpha: 0.3 }, { alpha: 1, duration: 0.45, repeat: 1, ease: 'sine.inOut' }));
      });
      await run.step(Promise.all(pulses));
    } finally {
      run.end();
      this.spinning = false;
      if (this.resizePending && !this.destroyed) {
        this.resizePending = false;
        this.resize(this.width, this.height);
      }
    }
  }

  protected override release(): void {
    this.releaseBaked();
    this.markerTexture?.destroy(true);
    this.markerTexture = null;
    releaseItemTextures(this.textures.values());
    this.textures.clear();
    this.reels = [];
  }

  private releaseBaked(): void {
    for (const frame of this.cards.values()) frame.destroy(); // frames only: the sheet goes below
    this.cards.clear();
    this.sheet?.destroy(true);
    this.sheet = null;
    this.glowTexture?.destroy();
    this.glowTexture = null;
    this.sheetKey = '';
  }

  private async loadTextures(result: BoxOpeningResult): Promise<void> {
    const urls = [...result.items, ...result.won].map((i) => i.img_url).filter((u): u is string => Boolean(u) && !this.textures.has(u!));
    if (!urls.length) return;
    const loaded = await loadItemTextures(urls);
    if (this.destroyed) {
      // Destroyed while the pictures loaded: release them now, nobody else will.
      releaseItemTextures(loaded.values());
      return;
    }
    for (const [url, texture] of loaded) this.textures.set(url, texture);
  }

  private showFinal(): void {
    if (this.destroyed) return;
    for (const reel of this.reels) {
      reel.strip.x = reel.finalX;
      reel.glow.visible = true;
      reel.glow.alpha = 1;
      reel.winner.scale.set(this.winnerScale(WINNER_SCALE));
    }
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

  private buildReels(result: BoxOpeningResult): void {
    this.reelLayer.removeChildren().forEach((c) => c.destroy({ children: true }));
    this.reels = [];
    const count = result.won.length;
    const reelHeight = this.height / count;
    const cardHeight = Math.min(reelHeight - 16, 190);
    const cardWidth = Math.min(cardHeight * 0.82, 160);
    const random = seededRandom(this.seed);
    const strips = result.won.map((won) => Array.from({ length: CARDS }, (_, i) => (i === WIN_INDEX ? won : pickFiller(result.items, random))));
    this.bakeCards(strips.flat(), cardWidth, cardHeight);
    // The reels' bands and edge lines: scaled white particles, so the full-width fills take the
    // one-texture shader too (a Graphics fill goes through the 16-texture batch shader).
    const backs = new ParticleContainer({ dynamicProperties: { position: false } });
    const band = (y: number, height: number, tint: number, alpha = 1) =>
      backs.addParticle(new Particle({ texture: Texture.WHITE, x: 0, y, scaleX: this.width / Texture.WHITE.width, scaleY: height / Texture.WHITE.height, tint, alpha }));
    this.reelLayer.addChild(backs);
    result.won.forEach((won, r) => {
      const view = new Container();
      view.y = r * reelHeight;
      band(view.y + 4, reelHeight - 8, 0x0c0e1f, 0.85);
      band(view.y + 4, 1, COLOURS.panelEdge);
      band(view.y + reelHeight - 5, 1, COLOURS.panelEdge);
      const cards = new ParticleContainer({ dynamicProperties: { position: false } });
      const glow = new Sprite(this.glowTexture!.texture);
      glow.anchor.set(0.5);
      glow.tint = rarityColour(won.rarity);
      glow.position.set(this.width / 2, reelHeight / 2);
      glow.visible = false;
      const cardX = (i: number) => i * (cardWidth + GAP) + cardWidth / 2;
      strips[r]!.forEach((item, i) => {
        // The winner's slot stays empty in the particles: its sprite above them draws it.
        if (i !== WIN_INDEX) cards.addParticle(new Particle({ texture: this.cardFrame(item), x: cardX(i), y: reelHeight / 2, anchorX: 0.5, anchorY: 0.5 }));
      });
      const winner = new Sprite(this.cardFrame(won));
      winner.anchor.set(0.5);
      winner.position.set(cardX(WIN_INDEX), reelHeight / 2);
      const strip = new Container();
      strip.addChild(cards, winner);
      view.addChild(glow, strip);
      this.reelLayer.addChild(view);
      const finalX = this.width / 2 - cardX(WIN_INDEX);
      // Start with card 3 under the marker: the strip runs right to left.
      strip.x = this.width / 2 - cardX(3);
      // The glow sits between the backdrop and the strip, so it shines around the winning card.
      this.reels.push({ view, strip, glow, winner, cardWidth, finalX });
    });
  }

  private cardFrame(item: ReelItem): Texture {
    const frame = this.cards.get(cardKey(item));
    if (!frame) throw new Error(`no baked card for ${item.name}`);
    return frame;
  }

  /**
   * Renders every distinct card of `items` once, with MSAA, into one sheet (and the glow for this
   * card size), unless the sheet already holds exactly these cards at this size (the next opening
   * of the same box).
   */
  private bakeCards(items: ReelItem[], w: number, h: number): void {
    const distinct = new Map(items.map((item) => [cardKey(item), item]));
    const key = JSON.stringify([w, h, [...distinct.keys()].sort()]);
    if (key === this.sheetKey) return;
    this.releaseBaked();
    // Whole pixels and a margin for the frame's stroke, centred on the card, so anchor 0.5 holds.
    const cellWidth = 2 * Math.ceil(w / 2 + 2);
    const cellHeight = 2 * Math.ceil(h / 2 + 2);
    const columns = Math.ceil(Math.sqrt(distinct.size));
    const rows = Math.ceil(distinct.size / columns);
    const cell = (i: number) => new Rectangle((i % columns) * cellWidth, Math.floor(i / columns) * cellHeight, cellWidth, cellHeight);
    const layout = new Container();
    [...distinct.values()].forEach((item, i) => {
      const card = this.drawCard(item, w, h);
      const at = cell(i);
      card.position.set(at.x + cellWidth / 2, at.y + cellHeight / 2);
      layout.addChild(card);
    });
    this.sheet = this.env!.app.renderer.generateTexture({ target: layout, frame: new Rectangle(0, 0, columns * cellWidth, rows * cellHeight), antialias: true });
    layout.destroy({ children: true });
    [...distinct.keys()].forEach((k, i) => this.cards.set(k, new Texture({ source: this.sheet!.source, frame: cell(i) })));
    this.glowTexture = this.bakeGlow(w, h);
    this.sheetKey = key;
  }

  /** A white blurred rounded rectangle around a card; each reel tints it in its rarity colour. */
  private bakeGlow(cardWidth: number, cardHeight: number): CanvasTexture {
    // As wide as the BlurFilter (strength 16) it replaces: a halo of about 30 px around the card.
    return bakeGlow({ width: cardWidth + 28, height: cardHeight + 20, radius: 18, blur: 26, alpha: 0.85 }, this.env!.app.renderer.resolution);
  }

  private drawCard(item: ReelItem, w: number, h: number): Container {
    const colour = rarityColour(item.rarity);
    const card = new Container();
    const bg = new Graphics()
      .roundRect(-w / 2, -h / 2, w, h, 12)
      .fill({ color: 0x1a1d36 })
      .stroke({ width: 1.5, color: colour, alpha: 0.55 })
      .circle(0, -h * 0.08, w * 0.42)
      .fill({ color: colour, alpha: 0.16 })
      .circle(0, -h * 0.08, w * 0.28)
      .fill({ color: colour, alpha: 0.14 })
      .roundRect(-w / 2, h / 2 - 5, w, 5, 2)
      .fill({ color: colour })
      .roundRect(-w / 2 + 3, -h / 2 + 3, w - 6, h * 0.18, 9)
      .fill({ color: 0xffffff, alpha: 0.05 });
    card.addChild(bg);
    const texture = item.img_url ? this.textures.get(item.img_url) : undefined;
    const artSize = Math.min(w * 0.7, h * 0.5);
    if (texture) {
      const sprite = new Sprite(texture);
      sprite.anchor.set(0.5);
      const scale = artSize / Math.max(texture.width, texture.height);
      sprite.scale.set(scale);
      sprite.y = -h * 0.08;
      card.addChild(sprite);
    } else {
      // No picture: a faceted gem in the rarity colour stands in for the item.
      const s = artSize / 2;
      const gem = new Graphics()
        .poly([0, -s, s * 0.8, -s * 0.25, s * 0.5, s * 0.8, -s * 0.5, s * 0.8, -s * 0.8, -s * 0.25])
        .fill({ color: colour })
        .poly([0, -s, s * 0.8, -s * 0.25, 0, -s * 0.1, -s * 0.8, -s * 0.25])
        .fill({ color: 0xffffff, alpha: 0.35 })
        .poly([0, -s * 0.1, s * 0.5, s * 0.8, -s * 0.5, s * 0.8])
        .fill({ color: 0x000000, alpha: 0.18 });
      gem.y = -h * 0.08;
      card.addChild(gem);
    }
    const name = new Text({ text: truncate(item.name, 18), style: textStyle(Math.max(9, Math.round(h * 0.07)), COLOURS.text, '600') });
    name.anchor.set(0.5);
    name.position.set(0, h * 0.27);
    const price = new Text({ text: item.price.toFixed(2), style: textStyle(Math.max(9, Math.round(h * 0.075)), COLOURS.accent, '800') });
    price.anchor.set(0.5);
    price.position.set(0, h * 0.38);
    card.addChild(name, price);
    return card;
  }

  private drawMarker(): void {
    if (!this.env) return;
    const x = 10;
    const line = new Graphics()
      .rect(x - 1.5, 0, 3, this.height)
      .fill({ color: COLOURS.accent, alpha: 0.9 })
      .poly([x - 10, 0, x + 10, 0, x, 12])
      .fill({ color: COLOURS.accent })
      .poly([x - 10, this.height, x + 10, this.height, x, this.height - 12])
      .fill({ color: COLOURS.accent });
    // Baked with MSAA once per size: the frame itself is drawn without it.
    const texture = this.env.app.renderer.generateTexture({ target: line, frame: new Rectangle(0, 0, 20, Math.ceil(this.height)), antialias: true });
    line.destroy();
    this.markerTexture?.destroy(true);
    this.markerTexture = texture;
    this.marker.texture = texture;
    this.marker.x = this.width / 2 - x;
  }
}

/** Cards look the same when these are: one baked frame serves them all. */
function cardKey(item: ReelItem): string {
  return JSON.stringify([item.id, item.name, item.price, item.rarity, item.img_url ?? null]);
}

function rank(rarity: string): number {
  return ['common', 'uncommon', 'rare', 'epic', 'legendary'].indexOf(rarity);
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
