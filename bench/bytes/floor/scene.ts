// The floor's scene, loaded after the first render as the shop's scene host is: Pixi 8's WebGL
// renderer alone (no extension imports, the shaders without eval), Text, Graphics and a Sprite,
// tweened by gsap's core and drawn by a ticker of its own (scenes/kit/sceneApp.ts does the same).
import 'pixi.js/unsafe-eval';
import { Container, Graphics, Sprite, Text, Texture, Ticker, WebGLRenderer } from 'pixi.js';
import { gsap } from 'gsap';

/** Draws the scene into `host`; the answer removes it. */
export async function mountScene(host: HTMLElement): Promise<() => void> {
  const renderer = new WebGLRenderer();
  await renderer.init({ width: 360, height: 240, skipExtensionImports: true });
  host.appendChild(renderer.canvas);
  const stage = new Container();
  const bar = new Graphics().roundRect(0, 100, 300, 16, 8).fill(0x3b82f6);
  const label = new Text({ text: '50.00', style: { fill: 0xffffff, fontSize: 32 } });
  const knob = new Sprite(Texture.WHITE);
  stage.addChild(bar, label, knob);
  gsap.to(knob, { x: 290, y: 100, duration: 1 });
  const ticker = new Ticker();
  ticker.add(() => renderer.render(stage));
  ticker.start();
  return () => {
    ticker.destroy();
    renderer.destroy(true);
  };
}
