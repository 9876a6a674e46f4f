import { gsap } from 'gsap';
import { Rectangle, type Application } from 'pixi.js';
import type { Scene } from '../../scenes/core/Scene.ts';
import { SceneHost } from '../../scenes/core/SceneHost.ts';

// Mounts a scene in a real canvas inside the test page, like useScene does in the app.
export async function mountScene<R>(scene: Scene<R>, options: { width?: number; height?: number; motion?: number; background?: number } = {}) {
  const element = document.createElement('div');
  element.style.width = `${options.width ?? 600}px`;
  element.style.height = `${options.height ?? 300}px`;
  document.body.appendChild(element);
  const host = new SceneHost(element, scene, { motion: options.motion ?? 1, background: options.background ?? 0x0b0d1a });
  const ready = await host.whenReady();
  if (!ready) throw new Error('scene host did not start (WebGL?)');
  return {
    host,
    element,
    app: host.application!,
    dispose() {
      host.dispose();
      element.remove();
    },
  };
}

/** Tweens gsap still knows about (a leaked tween stays on the global timeline). */
export function liveTweens(): number {
  return gsap.globalTimeline.getChildren(true, true, true).length;
}

/** Reads one pixel of the rendered stage as [r, g, b, a] (CSS pixel coordinates). */
export function pixelAt(app: Application, x: number, y: number): [number, number, number, number] {
  app.render();
  const { pixels, width } = app.renderer.extract.pixels({ target: app.stage, frame: new Rectangle(0, 0, app.screen.width, app.screen.height), resolution: 1 });
  const i = (Math.round(y) * width + Math.round(x)) * 4;
  return [pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0, pixels[i + 3] ?? 0];
}
