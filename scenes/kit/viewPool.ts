import type { Container } from 'pixi.js';

// Display objects reused instead of created and destroyed per event (a ball, a multiplier pop):
// creating one costs allocation, a rebuild of the render instructions and, for text, a new
// rasterisation; a pooled one is hidden and shown again. Everything the pool makes lives in
// `layer`, so destroying the layer with its children frees the pool's objects too.

export class ViewPool<T extends Container> {
  private readonly free: T[] = [];
  private readonly layer: Container;
  private readonly create: () => T;

  constructor(layer: Container, create: () => T) {
    this.layer = layer;
    this.create = create;
  }

  /** A visible object: a released one if there is one, else a new one added to the layer. */
  acquire(): T {
    const view = this.free.pop() ?? this.layer.addChild(this.create());
    view.visible = true;
    return view;
  }

  /** Hides the object until the next acquire. */
  release(view: T): void {
    view.visible = false;
    this.free.push(view);
  }
}
