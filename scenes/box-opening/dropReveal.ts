import { Container, Sprite, Text, Texture } from 'pixi.js';
import { formatCoins } from '../../core/money/cents.ts';
import { celebrationHeadline, celebrationTier, isBigWin, openingWin, type CelebrationTier } from '../../core/games/celebration.ts';
import { CanvasTexture, cssColour } from '../kit/bakedTexture.ts';
// The type only: the big-win moment's module is loaded when a win is celebrated, not with the reel.
import type { BigWinLabels, BigWinTier } from '../kit/bigWinMoment.ts';
import { rarityColour, rarityRank, type ReelItem } from '../kit/cardSheet.ts';
import type { PlayRun } from '../kit/playControl.ts';
import { COLOURS, textStyle } from '../kit/style.ts';
import type { TweenBag } from '../kit/tweens.ts';
import { colourOf } from '../kit/tuning.ts';
import { boxTuning } from './tuning.ts';

// The full-scene reveal of a big win (docs/boxes.md "Big wins"): once the reel has landed, the whole
// canvas dims, rays in the drop's rarity colour turn and breathe behind its picture, which pops in
// large beside the tier's headline with the multiplier on the stake, its name and its value counting
// up from zero. Whether an opening earns it is core/games/celebration.ts's rule (the multiplier on
// what the opening cost and the item's odds, never a loss), not the item's rarity. Its final frame
// stays until the next opening (a skip or reduced motion draws it at once). The rays are one
// canvas-baked texture per play, the backdrop a tinted white quad, the picture the item's own
// texture (crisp when large, unlike the reel's small card); nothing here runs after the play ends.

/** What a reveal shows: the drop, the opening's tier and its multiplier on the stake (null for a free box). */
export interface Revealed {
  item: ReelItem;
  tier: CelebrationTier;
  multiplier: number | null;
}

/** The reveal an opening earns, if any: its best drop (the rarest, then the dearest) under the opening's tier. */
export function revealedDrop(won: readonly ReelItem[], stake: number): Revealed | null {
  const win = openingWin(stake, won);
  const tier = celebrationTier(win);
  if (!isBigWin(tier)) return null;
  const item = won.reduce<ReelItem | null>((a, b) => (!a || rarityRank(b.rarity) > rarityRank(a.rarity) || (rarityRank(b.rarity) === rarityRank(a.rarity) && b.price > a.price) ? b : a), null);
  return item && { item, tier, multiplier: stake > 0 ? win.payout / stake : null };
}

const RAYS = 14;

export class DropReveal {
  readonly view = new Container();
  private readonly backdrop = new Sprite(Texture.WHITE);
  private readonly rays = new Sprite();
  private readonly picture = new Sprite();
  private readonly title = new Text({ text: '', style: textStyle(18, COLOURS.accent, '800') });
  private readonly name = new Text({ text: '', style: textStyle(22, COLOURS.text, '800') });
  private readonly value = new Text({ text: '', style: textStyle(18, COLOURS.accent, '700') });
  private readonly texts = new Container();
  private raysTexture: CanvasTexture | null = null;
  private raysFor = '';
  /** Where the picture's centre sits, for the sparks. */
  readonly centre = { x: 0, y: 0 };
  private pictureScale = 1;
  /** The value the count-up ends on. */
  private price = 0;
  /** The tiers' headlines in the page's language (English without them). */
  private readonly labels: BigWinLabels | undefined;

  constructor(labels?: BigWinLabels) {
    this.labels = labels;
    this.picture.anchor.set(0.5);
    this.rays.anchor.set(0.5);
    this.title.anchor.set(0, 0.5);
    this.name.anchor.set(0, 0.5);
    this.value.anchor.set(0, 0.5);
    this.texts.addChild(this.title, this.name, this.value);
    this.view.addChild(this.backdrop, this.rays, this.picture, this.texts);
    this.view.visible = false;
  }

  get shown(): boolean {
    return this.view.visible;
  }

  hide(): void {
    this.view.visible = false;
  }

  /**
   * Lays the reveal of `item` out over a width × height canvas: the picture (or, without one, the
   * reel's card) on the left of centre, tier, name and value beside it, the rays behind the picture.
   */
  layout({ item, tier, multiplier }: Revealed, picture: Texture, width: number, height: number, resolution: number): void {
    const margin = 16;
    const size = Math.min(height * 0.7, width * 0.3, 220);
    const textWidth = Math.min(320, width - size - 3 * margin);
    const left = (width - (size + margin + textWidth)) / 2;
    this.centre.x = left + size / 2;
    this.centre.y = height / 2;
    this.backdrop.tint = colourOf(boxTuning.values.revealBackdrop);
    this.backdrop.width = width;
    this.backdrop.height = height;
    this.picture.texture = picture;
    this.pictureScale = size / Math.max(picture.width, picture.height, 1);
    this.picture.position.set(this.centre.x, this.centre.y);
    const colour = rarityColour(item.rarity);
    this.bakeRays(size * 1.25, colour, resolution);
    this.rays.position.set(this.centre.x, this.centre.y);
    const fontScale = Math.max(0.75, Math.min(1, width / 700));
    const line = (text: Text, content: string, size: number, fill: number) => {
      text.text = content;
      text.style.fontSize = Math.round(size * fontScale);
      text.style.fill = fill;
      text.style.wordWrap = true;
      text.style.wordWrapWidth = Math.max(80, textWidth);
    };
    const headline = (isBigWin(tier) && this.labels?.[tier as BigWinTier]) || celebrationHeadline(tier);
    line(this.title, `${headline}${multiplier === null ? '' : ` ${multiplier.toFixed(2)}×`}`, 18, colour);
    line(this.name, item.name, 24, COLOURS.text);
    line(this.value, formatCoins(item.price), 20, COLOURS.accent);
    this.price = item.price;
    // Tier over name over value, the block centred on the picture's height.
    const gap = 6 * fontScale;
    const heights = [this.title.height, this.name.height, this.value.height];
    let y = this.centre.y - (heights.reduce((a, b) => a + b, 0) + 2 * gap) / 2;
    [this.title, this.name, this.value].forEach((text, i) => {
      text.position.set(0, y + heights[i]! / 2);
      y += heights[i]! + gap;
    });
    this.texts.position.set(left + size + margin, 0);
  }

  /** The reveal's last frame: what a skip, reduced motion and the end of the animation leave. */
  showFinal(): void {
    this.view.visible = true;
    this.backdrop.alpha = boxTuning.values.revealBackdropAlpha;
    this.rays.alpha = 1;
    this.picture.scale.set(this.pictureScale);
    this.texts.alpha = 1;
    this.rays.scale.set(1);
    this.value.text = formatCoins(this.price);
  }

  /** Plays the reveal over the landed reels; resolves when it has settled (or was cut). */
  async play(tweens: TweenBag, run: PlayRun): Promise<void> {
    const t = boxTuning.values;
    this.view.visible = true;
    this.backdrop.alpha = 0;
    this.rays.alpha = 0;
    this.texts.alpha = 0;
    this.picture.scale.set(this.pictureScale * 0.2);
    this.value.text = formatCoins(0);
    const turn = this.rays.rotation + t.revealRaysTurn;
    // The value counts up from zero while the picture pops; the light breathes while the rays turn.
    const counter = { coins: 0 };
    const breaths = Math.max(1, Math.round(t.revealSeconds / 0.6));
    await run.step(
      Promise.all([
        tweens.to(counter, { coins: this.price, duration: t.revealCountSeconds, ease: 'power2.out', onUpdate: () => (this.value.text = formatCoins(Math.round(counter.coins * 100) / 100)) }),
        tweens.fromTo(this.rays.scale, { x: 0.85, y: 0.85 }, { x: 1.12, y: 1.12, duration: t.revealSeconds / breaths / 2, repeat: breaths * 2 - 1, yoyo: true, ease: 'sine.inOut' }),
        tweens.to(this.backdrop, { alpha: t.revealBackdropAlpha, duration: t.revealFadeSeconds, ease: 'power1.out' }),
        tweens.to(this.picture.scale, { x: this.pictureScale, y: this.pictureScale, duration: t.revealPopSeconds, ease: t.revealPopEase }),
        tweens.to(this.rays, { alpha: 1, duration: t.revealFadeSeconds, ease: 'power1.out' }),
        tweens.to(this.rays, { rotation: turn, duration: t.revealSeconds, ease: 'sine.out' }),
        tweens.to(this.texts, { alpha: 1, duration: t.revealFadeSeconds, delay: t.revealPopSeconds * 0.5, ease: 'power1.out' }),
      ]),
    );
  }

  destroy(): void {
    this.raysTexture?.destroy();
    this.raysTexture = null;
  }

  /** Soft wedges fading outwards, in the rarity colour; baked again only for a new size or colour. */
  private bakeRays(radius: number, colour: number, resolution: number): void {
    const key = `${Math.round(radius)}:${colour}:${resolution}`;
    if (key === this.raysFor && this.raysTexture) return;
    this.raysTexture?.destroy();
    const side = Math.ceil(radius * 2);
    this.raysTexture = new CanvasTexture(
      side,
      side,
      (ctx) => {
        const c = side / 2;
        const fade = ctx.createRadialGradient(c, c, radius * 0.15, c, c, radius);
        fade.addColorStop(0, cssColour(colour, 0.85));
        fade.addColorStop(1, cssColour(colour, 0));
        ctx.fillStyle = fade;
        for (let i = 0; i < RAYS; i++) {
          const a = (i / RAYS) * Math.PI * 2;
          const half = Math.PI / RAYS / 2;
          ctx.beginPath();
          ctx.moveTo(c, c);
          ctx.arc(c, c, radius, a - half, a + half);
          ctx.closePath();
          ctx.fill();
        }
        // A glow behind the picture itself.
        const glow = ctx.createRadialGradient(c, c, 0, c, c, radius * 0.6);
        glow.addColorStop(0, cssColour(colour, 0.55));
        glow.addColorStop(1, cssColour(colour, 0));
        ctx.fillStyle = glow;
        ctx.fillRect(0, 0, side, side);
      },
      { resolution },
    );
    this.raysFor = key;
    this.rays.texture = this.raysTexture.texture;
  }
}
