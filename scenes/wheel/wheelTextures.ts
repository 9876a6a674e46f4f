import { WHEEL_COLOR_HEX, WHEEL_SEGMENTS, wheelMultiplier, type WheelColor } from '../../core/games/wheel.ts';
import { CanvasTexture, cssColour, disc } from '../kit/bakedTexture.ts';
import { COLOURS, FONT } from '../kit/style.ts';
import { SEGMENT_ANGLE } from './wheelGeometry.ts';

// The wheel baked with the 2D canvas (scenes/kit/bakedTexture.ts), in scene units around the
// wheel's centre, at the renderer's resolution. The face is everything that turns and everything
// round about the centre: rim, segments, labels, the dim of a result, pegs and hub (a disc looks
// the same at any rotation, so the rim and the hub turn with the face and cost no layer of their
// own). The pointer is a second texture. Sizes and colours are those the scene drew as Graphics.

/** The face's look that comes from the wheel's tuning (colours as numbers). */
export interface FaceLook {
  rimColour: number;
  rimEdgeColour: number;
  rimEdgeAlpha: number;
  hubColour: number;
  dimAlpha: number;
  outlineColour: number;
}

export const wheelLabel = (color: WheelColor) => `${wheelMultiplier(color)}`;

/** Half a texture's size in units for `reach` units, in whole texels, so its centre is a texel corner. */
const whole = (reach: number, resolution: number) => Math.ceil(reach * resolution) / resolution;

const wedge = (ctx: CanvasRenderingContext2D, c: number, r: number, i: number) => {
  const from = -Math.PI / 2 + i * SEGMENT_ANGLE;
  ctx.beginPath();
  ctx.moveTo(c, c);
  ctx.arc(c, c, r, from, from + SEGMENT_ANGLE);
  ctx.lineTo(c, c);
};

function ring(ctx: CanvasRenderingContext2D, c: number, r: number, width: number, colour: number, alpha = 1): void {
  ctx.strokeStyle = cssColour(colour, alpha);
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.arc(c, c, r, 0, Math.PI * 2);
  ctx.stroke();
}

/** The labels along the rim, each centred on its point as a Text with anchor 0.5 would be. */
function labels(ctx: CanvasRenderingContext2D, c: number, r: number, layout: readonly WheelColor[]): void {
  const size = Math.max(8, Math.round(r * 0.055));
  ctx.font = `800 ${size}px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  // Pixi centres a Text on the box from its font's ascent to its descent, measured on these glyphs.
  const metrics = ctx.measureText('|ÉqÅ');
  const baseline = (metrics.actualBoundingBoxAscent - metrics.actualBoundingBoxDescent) / 2;
  for (let i = 0; i < WHEEL_SEGMENTS; i++) {
    const color = layout[i]!;
    const mid = -Math.PI / 2 + (i + 0.5) * SEGMENT_ANGLE;
    ctx.save();
    ctx.translate(c + Math.cos(mid) * r * 0.8, c + Math.sin(mid) * r * 0.8);
    ctx.rotate(mid + Math.PI / 2);
    ctx.fillStyle = cssColour(color === 'gold' || color === 'grey' ? 0x0b0d1a : 0xffffff);
    ctx.fillText(wheelLabel(color), 0, baseline);
    ctx.restore();
  }
}

/**
 * The face of radius `r` at rotation 0 (segment 0 clockwise from the top), centred in its texture
 * (anchor 0.5). With `highlighted`, the segments of other colours are dimmed and the highlighted
 * one outlined, under the pegs and the hub as before.
 */
export function bakeFace(r: number, layout: readonly WheelColor[], highlighted: number | null, look: FaceLook, resolution: number): CanvasTexture {
  // The rim's edge is a 3-unit stroke on r + 10.
  const c = whole(r + 13, resolution);
  return new CanvasTexture(c * 2, c * 2, (ctx) => {
    disc(ctx, c, c, r + 10, look.rimColour);
    ring(ctx, c, r + 10, 3, look.rimEdgeColour, look.rimEdgeAlpha);
    for (let i = 0; i < WHEEL_SEGMENTS; i++) {
      wedge(ctx, c, r, i);
      ctx.fillStyle = cssColour(WHEEL_COLOR_HEX[layout[i]!]);
      ctx.fill();
      ctx.strokeStyle = cssColour(0x05060c, 0.8);
      ctx.lineWidth = 1.5;
      ctx.stroke();
    }
    disc(ctx, c, c, r * 0.42, 0x0b0d1a);
    labels(ctx, c, r, layout);
    if (highlighted !== null) {
      const winning = layout[highlighted];
      ctx.fillStyle = cssColour(0x000000, look.dimAlpha);
      for (let i = 0; i < WHEEL_SEGMENTS; i++) {
        if (layout[i] === winning) continue;
        wedge(ctx, c, r, i);
        ctx.fill();
      }
      wedge(ctx, c, r, highlighted);
      ctx.strokeStyle = cssColour(look.outlineColour);
      ctx.lineWidth = 3;
      ctx.stroke();
    }
    const peg = Math.max(1.5, r * 0.011);
    for (let i = 0; i < WHEEL_SEGMENTS; i++) {
      const a = -Math.PI / 2 + i * SEGMENT_ANGLE;
      disc(ctx, c + Math.cos(a) * (r - 5), c + Math.sin(a) * (r - 5), peg, 0xf3f4ff);
    }
    disc(ctx, c, c, r * 0.3, look.hubColour);
    ring(ctx, c, r * 0.3, 3, COLOURS.panelEdge);
  }, { resolution });
}

/**
 * The pointer for a wheel of radius `r`: a triangle pointing down whose pivot (where it turns when
 * a peg flicks it) is at its top; `anchorY` puts the pivot on the layer's position.
 */
export function bakePointer(r: number, colour: number, resolution: number): { baked: CanvasTexture; anchorY: number } {
  const w = Math.max(12, r * 0.075);
  // Room for the 2-unit stroke and its mitre at the tip.
  const half = whole(w + 4, resolution);
  const top = whole(w * 0.4 + 4, resolution);
  const bottom = whole(w * 1.7 + 4, resolution);
  const baked = new CanvasTexture(half * 2, top + bottom, (ctx) => {
    ctx.beginPath();
    ctx.moveTo(half - w, top - w * 0.4);
    ctx.lineTo(half + w, top - w * 0.4);
    ctx.lineTo(half, top + w * 1.7);
    ctx.closePath();
    ctx.fillStyle = cssColour(colour);
    ctx.fill();
    ctx.strokeStyle = cssColour(0x0b0d1a);
    ctx.lineWidth = 2;
    ctx.stroke();
  }, { resolution });
  return { baked, anchorY: top / (top + bottom) };
}
