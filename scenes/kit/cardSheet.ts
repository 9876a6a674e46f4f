import { Rectangle, Texture, type Renderer } from 'pixi.js';
import { isRarity, RARITIES, rarityTint } from '../../core/games/rarity.ts';
import { bakeGlow, CanvasTexture, cssColour, disc, polygon, roundRect } from './bakedTexture.ts';
import { COLOURS, FONT, MIN_LABEL_PX } from './style.ts';

// Item cards for the reels (box opening, battles), drawn for software WebGL: every distinct card
// (frame, picture or gem, name, price) is drawn ONCE on a 2D canvas into one sheet texture, and a
// reel is a ParticleContainer of frames of that sheet. The glow around a card is a canvas-baked blur
// of the card's size, tinted per use (docs/scenes.md).
//
// A 2D canvas, not a Pixi render into a texture (generateTexture): on software WebGL that render
// pass was what the box page's first drawn frame waited for (160–290 ms of SwiftShader at the
// compositor's read-back, 4× that in Lighthouse's blocking time); the canvas draws the same
// shapes, antialiased, in a few milliseconds (docs/performance.md, "The box page's standing reel").

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
  private sheet: CanvasTexture | null = null;
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
    this.sheet = new CanvasTexture(
      columns * cellWidth,
      rows * cellHeight,
      (ctx) =>
        [...distinct.values()].forEach((item, i) => {
          const at = cell(i);
          drawCard(ctx, item, at.x + cellWidth / 2, at.y + cellHeight / 2, w, h, pictures);
        }),
      { resolution: renderer.resolution },
    );
    const source = this.sheet.texture.source;
    [...distinct.keys()].forEach((k, i) => this.cards.set(k, new Texture({ source, frame: cell(i) })));
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
    this.sheet?.destroy();
    this.sheet = null;
    this.glowTexture?.destroy();
    this.glowTexture = null;
    this.key = '';
  }
}

/** One card centred at (cx, cy), w × h: the frame in its rarity colour, the picture (or a gem), name and price. */
function drawCard(ctx: CanvasRenderingContext2D, item: ReelItem, cx: number, cy: number, w: number, h: number, pictures: ReadonlyMap<string, Texture>): void {
  const colour = rarityColour(item.rarity);
  const left = cx - w / 2;
  const top = cy - h / 2;
  roundRect(ctx, left, top, w, h, 12, 0x1a1d36);
  ctx.strokeStyle = cssColour(colour, 0.55);
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.roundRect(left, top, w, h, 12);
  ctx.stroke();
  const artY = cy - h * 0.08;
  disc(ctx, cx, artY, w * 0.42, colour, 0.16);
  disc(ctx, cx, artY, w * 0.28, colour, 0.14);
  roundRect(ctx, left, top + h - 5, w, 5, 2, colour);
  roundRect(ctx, left + 3, top + 3, w - 6, h * 0.18, 9, 0xffffff, 0.05);
  const picture = item.img_url ? pictures.get(item.img_url)?.source.resource : undefined;
  const artSize = Math.min(w * 0.7, h * 0.5);
  if (picture instanceof HTMLImageElement && picture.naturalWidth > 0) {
    const scale = artSize / Math.max(picture.naturalWidth, picture.naturalHeight);
    const [pw, ph] = [picture.naturalWidth * scale, picture.naturalHeight * scale];
    ctx.drawImage(picture, cx - pw / 2, artY - ph / 2, pw, ph);
  } else {
    // No picture: a faceted gem in the rarity colour stands in for the item.
    const s = artSize / 2;
    polygon(ctx, [0, -s, s * 0.8, -s * 0.25, s * 0.5, s * 0.8, -s * 0.5, s * 0.8, -s * 0.8, -s * 0.25], colour, 1, cx, artY);
    polygon(ctx, [0, -s, s * 0.8, -s * 0.25, 0, -s * 0.1, -s * 0.8, -s * 0.25], 0xffffff, 0.35, cx, artY);
    polygon(ctx, [0, -s * 0.1, s * 0.5, s * 0.8, -s * 0.5, s * 0.8], 0x000000, 0.18, cx, artY);
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // Labels are never under MIN_LABEL_PX (readable on a phone); a name too wide for the card is cut
  // with an ellipsis where it fits, not at a fixed length, so narrow cards keep their edges clear.
  const text = (value: string, size: number, fill: number, weight: string, y: number) => {
    ctx.font = `${weight} ${size}px ${FONT}`;
    ctx.fillStyle = cssColour(fill);
    ctx.fillText(fitText(ctx, value, w - 10), cx, y);
  };
  text(truncate(item.name, 18), Math.max(MIN_LABEL_PX, Math.round(h * 0.07)), COLOURS.text, '600', cy + h * 0.27);
  text(item.price.toFixed(2), Math.max(MIN_LABEL_PX, Math.round(h * 0.075)), COLOURS.accent, '800', cy + h * 0.38);
}

/** `text` cut with an ellipsis to at most `maxWidth` in the context's current font. */
function fitText(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  let fitted = text;
  for (let keep = text.length - 1; ctx.measureText(fitted).width > maxWidth && keep > 1; keep--) fitted = truncate(text, keep);
  return fitted;
}
