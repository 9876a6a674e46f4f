import { Container, Graphics, Rectangle, Sprite, Text, Texture, type Renderer } from 'pixi.js';
import { isRarity, RARITIES, rarityTint } from '../../core/games/rarity.ts';
import { bakeGlow, type CanvasTexture } from './bakedTexture.ts';
import { COLOURS, textStyle } from './style.ts';

// Item cards for the reels (box opening, battles), drawn for software WebGL: every distinct card
// (frame, picture or gem, name, price) is rendered ONCE, with MSAA, into one sheet texture
// (generateTexture), and a reel is a ParticleContainer of frames of that sheet. The glow around a
// card is a canvas-baked blur of the card's size, tinted per use (docs/scenes.md).

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

export function rarityColour(rarity: string): number {
  return isRarity(rarity) ? rarityTint(rarity) : COLOURS.muted;
}

/** 0 for common … 4 for legendary (-1 for an unknown rarity): the order of core/games/rarity.ts. */
export function rarityRank(rarity: string): number {
  return (RARITIES as readonly string[]).indexOf(rarity);
}

/** A filler card for a strip, following the items' odds when they have them. */
export function pickFiller(items: readonly ReelItem[], random: () => number): ReelItem {
  const weights = items.map((i) => (i.odds && i.odds > 0 ? i.odds : 1));
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < items.length; i++) {
    r -= weights[i] ?? 0;
    if (r <= 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

/** Cards look the same when these are: one baked frame serves them all. */
function cardKey(item: ReelItem): string {
  return JSON.stringify([item.id, item.name, item.price, item.rarity, item.img_url ?? null]);
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The halo around a landed card (the scene's tuning): blur in units, strength 0–1. */
export interface CardGlow {
  blur: number;
  alpha: number;
}

export class CardSheet {
  private sheet: Texture | null = null;
  private readonly cards = new Map<string, Texture>();
  private key = '';
  private glowTexture: CanvasTexture | null = null;

  /**
   * Renders every distinct card of `items` once into one sheet (and the glow for this card size),
   * unless the sheet already holds exactly these cards at this size.
   */
  bake(renderer: Renderer, items: readonly ReelItem[], w: number, h: number, pictures: ReadonlyMap<string, Texture>, glow: CardGlow): void {
    const distinct = new Map(items.map((item) => [cardKey(item), item]));
    const key = JSON.stringify([w, h, glow.blur, glow.alpha, [...distinct.keys()].sort()]);
    if (key === this.key) return;
    this.release();
    // Whole pixels and a margin for the frame's stroke, centred on the card, so anchor 0.5 holds.
    const cellWidth = 2 * Math.ceil(w / 2 + 2);
    const cellHeight = 2 * Math.ceil(h / 2 + 2);
    const columns = Math.ceil(Math.sqrt(distinct.size));
    const rows = Math.ceil(distinct.size / columns);
    const cell = (i: number) => new Rectangle((i % columns) * cellWidth, Math.floor(i / columns) * cellHeight, cellWidth, cellHeight);
    const layout = new Container();
    [...distinct.values()].forEach((item, i) => {
      const card = drawCard(item, w, h, pictures);
      const at = cell(i);
      card.position.set(at.x + cellWidth / 2, at.y + cellHeight / 2);
      layout.addChild(card);
    });
    this.sheet = renderer.generateTexture({ target: layout, frame: new Rectangle(0, 0, columns * cellWidth, rows * cellHeight), antialias: true });
    layout.destroy({ children: true });
    [...distinct.keys()].forEach((k, i) => this.cards.set(k, new Texture({ source: this.sheet!.source, frame: cell(i) })));
    // A blur of 26 is as wide as a BlurFilter of strength 16: a halo of about 30 px around the card.
    this.glowTexture = bakeGlow({ width: w + 28, height: h + 20, radius: 18, blur: glow.blur, alpha: glow.alpha }, renderer.resolution);
    this.key = key;
  }

  frame(item: ReelItem): Texture {
    const frame = this.cards.get(cardKey(item));
    if (!frame) throw new Error(`no baked card for ${item.name}`);
    return frame;
  }

  /** A white blurred rounded rectangle around a card; tint it in the rarity colour. */
  get glow(): Texture {
    if (!this.glowTexture) throw new Error('no cards baked yet');
    return this.glowTexture.texture;
  }

  release(): void {
    for (const frame of this.cards.values()) frame.destroy(); // frames only: the sheet goes below
    this.cards.clear();
    this.sheet?.destroy(true);
    this.sheet = null;
    this.glowTexture?.destroy();
    this.glowTexture = null;
    this.key = '';
  }
}

function drawCard(item: ReelItem, w: number, h: number, pictures: ReadonlyMap<string, Texture>): Container {
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
  const texture = item.img_url ? pictures.get(item.img_url) : undefined;
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
