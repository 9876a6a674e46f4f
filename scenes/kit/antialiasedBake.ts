import { Rectangle, Sprite, Texture, type Container, type DestroyOptions, type Renderer } from 'pixi.js';

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
