import { CanvasTexture, cssColour, disc, shadowGlow } from '../kit/bakedTexture.ts';
import { COLOURS } from '../kit/style.ts';

// The upgrade gauge baked with the 2D canvas (scenes/kit/bakedTexture.ts): the scene is then three
// one-particle layers and text, with no Graphics, no filter and no MSAA. Sizes are in scene units
// around the dial's centre; every texture is square and centred on it (anchor 0.5) except the needle.

/** The dial's proportions for a radius: the track's width. */
export function dialSize(radius: number) {
  return { track: Math.max(10, radius * 0.13) };
}

/** The win arc's look (the scene's tuning): its colour, and its glow's blur in track widths and strength. */
export interface ArcLook {
  colour: number;
  glowSpread: number;
  glowAlpha: number;
}

export const toRadians = (percent: number) => -Math.PI / 2 + (percent / 100) * Math.PI * 2;

/** A square texture of half-size `extent` whose draw is given the dial's centre. */
const centred = (extent: number, resolution: number, draw: (ctx: CanvasRenderingContext2D, c: number) => void) =>
  new CanvasTexture(extent * 2, extent * 2, (ctx) => draw(ctx, extent), { resolution });

function strokeArc(ctx: CanvasRenderingContext2D, cx: number, cy: number, radius: number, from: number, to: number, width: number, colour: number, alpha = 1): void {
  ctx.strokeStyle = cssColour(colour, alpha);
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.arc(cx, cy, radius, from, to);
  ctx.stroke();
}

/** The panel, the track, the 10 % ticks and the dark centre under the chance text. */
export function bakeDial(radius: number, resolution: number): CanvasTexture {
  const { track } = dialSize(radius);
  const outer = radius + track * 0.9;
  return centred(outer + 2, resolution, (ctx, c) => {
    disc(ctx, c, c, outer, COLOURS.panel);
    strokeArc(ctx, c, c, outer, 0, Math.PI * 2, 2, COLOURS.panelEdge);
    strokeArc(ctx, c, c, radius, 0, Math.PI * 2, track, COLOURS.track);
    ctx.strokeStyle = cssColour(COLOURS.muted, 0.5);
    ctx.lineWidth = 2;
    ctx.beginPath();
    for (let i = 0; i < 10; i++) {
      const a = toRadians(i * 10);
      ctx.moveTo(c + Math.cos(a) * (radius - track * 1.2), c + Math.sin(a) * (radius - track * 1.2));
      ctx.lineTo(c + Math.cos(a) * (radius - track * 1.8), c + Math.sin(a) * (radius - track * 1.8));
    }
    ctx.stroke();
    disc(ctx, c, c, radius * 0.62, 0x0f1124);
    strokeArc(ctx, c, c, radius * 0.62, 0, Math.PI * 2, 2, COLOURS.panelEdge);
  });
}

/**
 * The win arc from 12 o'clock over `chance` % with its soft glow and a light edge. The glow
 * (shadowGlow) is drawn twice: one blurred stroke is too faint at its edges to read as a glow on
 * the dark panel.
 */
export function bakeArc(radius: number, chance: number, resolution: number, look: ArcLook): CanvasTexture {
  const { track } = dialSize(radius);
  const glowBlur = Math.max(8, track * look.glowSpread);
  const extent = radius + track * 0.7 + glowBlur * 2;
  return centred(extent, resolution, (ctx, c) => {
    if (chance <= 0) return;
    const from = toRadians(0);
    const to = toRadians(Math.min(100, chance));
    shadowGlow(ctx, resolution, { blur: glowBlur, colour: look.colour, alpha: look.glowAlpha, away: extent * 2 + glowBlur * 4 }, (dx) => {
      ctx.lineCap = 'round';
      for (let i = 0; i < 2; i++) strokeArc(ctx, c + dx, c, radius, from, to, track * 1.4, look.colour);
    });
    strokeArc(ctx, c, c, radius, from, to, track, look.colour);
    strokeArc(ctx, c, c, radius + track * 0.25, from, to, track * 0.2, 0xffffff, 0.35);
  });
}

/** How far the needle reaches from the centre (its tip) and where it starts. */
const needleSpan = (radius: number) => ({ tip: radius * 1.2, base: radius * 0.6 });
const NEEDLE_MARGIN = 3;

/** From the needle texture's top edge down to the dial's centre (its pivot), in scene units. */
export const needlePivot = (radius: number) => needleSpan(radius).tip + NEEDLE_MARGIN;

/** The needle pointing to 12 o'clock, in a texture from its tip (top) to its base. */
export function bakeNeedle(radius: number, resolution: number): CanvasTexture {
  const { tip, base } = needleSpan(radius);
  const width = 18 + NEEDLE_MARGIN * 2;
  return new CanvasTexture(width, tip - base + NEEDLE_MARGIN * 2, (ctx) => {
    // Needle coordinates (pivot at the dial's centre, y up is negative) shifted into the texture.
    const x = (nx: number) => nx + width / 2;
    const y = (ny: number) => ny + tip + NEEDLE_MARGIN;
    ctx.beginPath();
    ctx.moveTo(x(-9), y(-base));
    ctx.lineTo(x(9), y(-base));
    ctx.lineTo(x(0), y(-tip));
    ctx.closePath();
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.lineJoin = 'round';
    ctx.lineWidth = 2;
    ctx.strokeStyle = cssColour(COLOURS.accent);
    ctx.stroke();
    disc(ctx, x(0), y(-radius * 1.12), 4, COLOURS.accent);
  }, { resolution });
}
