import { CanvasSource, Rectangle, Sprite, Texture, type Container, type DestroyOptions, type Renderer } from 'pixi.js';

// Shapes drawn once on a 2D canvas and shared as a texture by many sprites. A sprite is one quad in
// a shared batch, where a Graphics circle is a tessellated mesh re-batched every frame and a filter
// is extra render passes every frame; the 2D canvas also antialiases edges and draws soft glows
// (gradients, shadow blur) for free. A scene drawn only from baked textures and text needs no MSAA
// (Scene.antialias = false), which on software WebGL halves the cost of every frame.

export type Draw = (ctx: CanvasRenderingContext2D, resolution: number) => void;

export interface BakeOptions {
  /** Texels per scene unit (default 3). */
  resolution?: number;
  /**
   * Mipmaps keep a texture smooth when drawn much smaller than baked, at the price of trilinear
   * sampling (about 40 % more per pixel on software WebGL). A scene that knows its scale bakes at
   * that resolution instead (setResolution) and needs none.
   */
  mipmaps?: boolean;
}

/**
 * A width × height (scene units) texture drawn by `draw` in those units. The context is scaled by
 * the resolution, which `draw` needs for shadows (their blur and offset ignore the scale).
 * setResolution and redraw draw it again in place: sprites, particles and meshes keep the same
 * Texture and the same source. A source is never replaced while it may be drawn: the renderer keeps
 * the last frame's sources bound to its shaders, and destroying one there makes Pixi warn
 * "[BindGroup] a 'textureSource' was destroyed while still bound to a shader" (plinko on a change
 * of rows, crash's line on a resize).
 */
export class CanvasTexture {
  readonly texture: Texture;
  private width: number;
  private height: number;
  private draw: Draw;
  private readonly mipmaps: boolean;

  constructor(width: number, height: number, draw: Draw, { resolution = 3, mipmaps = false }: BakeOptions = {}) {
    this.width = width;
    this.height = height;
    this.draw = draw;
    this.mipmaps = mipmaps;
    this.texture = new Texture({ source: this.bake(resolution), dynamic: true });
  }

  get resolution(): number {
    return this.texture.source.resolution;
  }

  /**
   * Draws the texture again at `resolution` texels per unit; false if it already was. Its size may
   * change by a fraction of a texel (whole texels): particle layers using it need update().
   */
  setResolution(resolution: number): boolean {
    if (resolution === this.resolution) return false;
    this.redraw(this.width, this.height, this.draw, resolution);
    return true;
  }

  /** Draws another width × height shape into the same texture: its source is resized and uploaded again. */
  redraw(width: number, height: number, draw: Draw, resolution = this.resolution): void {
    this.width = width;
    this.height = height;
    this.draw = draw;
    const source = this.texture.source as CanvasSource;
    const [pixelWidth, pixelHeight] = this.pixelSize(resolution);
    source.resize(pixelWidth / resolution, pixelHeight / resolution, resolution);
    this.paint(source.resource as HTMLCanvasElement, resolution);
    source.update();
    this.texture.update();
  }

  /** Frees the canvas and the GPU copy. */
  destroy(): void {
    this.texture.destroy(true);
  }

  private bake(resolution: number): CanvasSource {
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = this.pixelSize(resolution);
    this.paint(canvas, resolution);
    return new CanvasSource({ resource: canvas, resolution, autoGenerateMipmaps: this.mipmaps });
  }

  /** Whole texels covering the shape at `resolution`. */
  private pixelSize(resolution: number): [number, number] {
    return [Math.ceil(this.width * resolution), Math.ceil(this.height * resolution)];
  }

  /** Clears `canvas` and draws the shape on it at `resolution` texels per unit. */
  private paint(canvas: HTMLCanvasElement, resolution: number): void {
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('2D canvas unavailable');
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.save();
    ctx.scale(resolution, resolution);
    this.draw(ctx, resolution);
    ctx.restore();
  }
}

/** A CSS rgba() colour for canvas fills, from the scenes' numeric 0xrrggbb colours. */
export function cssColour(colour: number, alpha = 1): string {
  return `rgba(${(colour >> 16) & 255}, ${(colour >> 8) & 255}, ${colour & 255}, ${alpha})`;
}

/** A disc whose opacity falls from `alpha` at `inner` to 0 at `outer` (a glow or a flash), centred at (cx, cy). */
export function softDisc(ctx: CanvasRenderingContext2D, cx: number, cy: number, inner: number, outer: number, colour: number, alpha: number): void {
  const gradient = ctx.createRadialGradient(cx, cy, inner, cx, cy, outer);
  gradient.addColorStop(0, cssColour(colour, alpha));
  gradient.addColorStop(1, cssColour(colour, 0));
  ctx.fillStyle = gradient;
  ctx.beginPath();
  ctx.arc(cx, cy, outer, 0, Math.PI * 2);
  ctx.fill();
}

/** A filled disc. */
export function disc(ctx: CanvasRenderingContext2D, cx: number, cy: number, radius: number, colour: number, alpha = 1): void {
  ctx.fillStyle = cssColour(colour, alpha);
  ctx.beginPath();
  ctx.arc(cx, cy, radius, 0, Math.PI * 2);
  ctx.fill();
}

/**
 * Only the shadow of a shape, blurred by `blur` units: a soft glow, what a BlurFilter drew every
 * frame. `shape(dx)` draws the shape shifted `dx` units (negative: `away` to the left, off the
 * canvas, so the shape itself never shows) and the shadow is cast back into place. `away` must
 * exceed the canvas's width plus the blur's reach.
 */
export function shadowGlow(ctx: CanvasRenderingContext2D, resolution: number, glow: { blur: number; colour: number; alpha: number; away: number }, shape: (dx: number) => void): void {
  ctx.save();
  ctx.shadowColor = cssColour(glow.colour, glow.alpha);
  ctx.shadowBlur = glow.blur * resolution;
  ctx.shadowOffsetX = glow.away * resolution;
  shape(-glow.away);
  ctx.restore();
}

/** A rounded rectangle blurred by `blur` units (shadowGlow). */
export function blurredRoundRect(ctx: CanvasRenderingContext2D, resolution: number, x: number, y: number, width: number, height: number, radius: number, blur: number, colour: number, alpha = 1): void {
  shadowGlow(ctx, resolution, { blur, colour, alpha, away: x + width + blur * 4 }, (dx) => roundRect(ctx, x + dx, y, width, height, radius, colour));
}

/**
 * A white glow to tint: a `width` × `height` rounded rectangle blurred by `blur` units, in a texture
 * with room for the blur's reach on every side, centred on the rectangle (anchor 0.5).
 */
export function bakeGlow(glow: { width: number; height: number; radius: number; blur: number; alpha: number }, resolution: number): CanvasTexture {
  const { width, height, radius, blur, alpha } = glow;
  const margin = blur * 2;
  return new CanvasTexture(width + margin * 2, height + margin * 2, (ctx, res) => blurredRoundRect(ctx, res, margin, margin, width, height, radius, blur, 0xffffff, alpha), { resolution });
}

/** A filled polygon through `points` ([x0, y0, x1, y1, …]), offset by (dx, dy). */
export function polygon(ctx: CanvasRenderingContext2D, points: readonly number[], colour: number, alpha = 1, dx = 0, dy = 0): void {
  ctx.fillStyle = cssColour(colour, alpha);
  ctx.beginPath();
  for (let i = 0; i < points.length; i += 2) ctx.lineTo(dx + points[i]!, dy + points[i + 1]!);
  ctx.closePath();
  ctx.fill();
}

/** A filled rounded rectangle. */
export function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, width: number, height: number, radius: number, colour: number, alpha = 1): void {
  ctx.fillStyle = cssColour(colour, alpha);
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, radius);
  ctx.fill();
}

// A vector shape (Graphics) drawn once with MSAA into a texture and shown as a sprite, so that the
// scene's frames can be drawn without MSAA (Scene.antialias = false): on software WebGL, MSAA
// multiplies the cost of every pixel of every frame (docs/performance.md, "Scene frames"), where
// the bake costs one render pass when the shape changes. The sprite sits where the shape was.

/** A sprite that owns its bake: bake() frees the texture before, destroy() the last one. */
export class AntialiasedSprite extends Sprite {
  /** Draws `shape` (in its local space) into this sprite's texture; the shape itself is not kept. */
  bake(renderer: Renderer, shape: Container, pad = 2): void {
    const bounds = shape.getLocalBounds();
    const frame = new Rectangle(Math.floor(bounds.x) - pad, Math.floor(bounds.y) - pad, Math.ceil(bounds.width) + 2 * pad, Math.ceil(bounds.height) + 2 * pad);
    const texture = renderer.generateTexture({ target: shape, frame, antialias: true });
    const previous = this.texture;
    this.texture = texture;
    if (previous !== Texture.EMPTY) previous.destroy(true);
    // The texture's origin is the frame's corner: put it back where the shape's own origin was.
    this.pivot.set(-frame.x, -frame.y);
  }

  override destroy(options?: DestroyOptions): void {
    const texture = this.texture;
    super.destroy(options);
    if (texture && texture !== Texture.EMPTY && !texture.destroyed) texture.destroy(true);
  }
}
