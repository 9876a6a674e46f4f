import { CanvasTexture, cssColour, disc, softDisc } from '../kit/bakedTexture.ts';

// The crash scene's shapes, drawn once on a 2D canvas (scenes/kit/bakedTexture.ts): the rocket,
// its flame, a white glow to tint (the head's halo and the explosion's flash) and a star. Baked at
// the renderer's pixel ratio; the scene frees them in release().

export interface CrashTextures {
  rocket: CanvasTexture;
  flame: CanvasTexture;
  glow: CanvasTexture;
  star: CanvasTexture;
}

/** Rocket size in scene units; it points along +x, its nose at the right edge. */
export const ROCKET = { width: 46, height: 24 } as const;
export const FLAME = { width: 34, height: 16 } as const;
export const GLOW = 64;

function drawRocket(ctx: CanvasRenderingContext2D): void {
  const { width: w, height: h } = ROCKET;
  const cy = h / 2;
  // Fins behind the body.
  ctx.fillStyle = cssColour(0xff4d6a);
  ctx.beginPath();
  ctx.moveTo(8, cy);
  ctx.lineTo(2, 1);
  ctx.lineTo(16, cy - 4);
  ctx.closePath();
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(8, cy);
  ctx.lineTo(2, h - 1);
  ctx.lineTo(16, cy + 4);
  ctx.closePath();
  ctx.fill();
  // Body: a white capsule with a shaded belly.
  const body = ctx.createLinearGradient(0, cy - 7, 0, cy + 7);
  body.addColorStop(0, '#ffffff');
  body.addColorStop(1, '#b9bfdc');
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.moveTo(6, cy - 6);
  ctx.lineTo(w - 14, cy - 6);
  ctx.quadraticCurveTo(w, cy, w - 14, cy + 6);
  ctx.lineTo(6, cy + 6);
  ctx.quadraticCurveTo(3, cy, 6, cy - 6);
  ctx.fill();
  // Nose cone.
  ctx.fillStyle = cssColour(0xff4d6a);
  ctx.beginPath();
  ctx.moveTo(w - 13, cy - 5.6);
  ctx.quadraticCurveTo(w, cy, w - 13, cy + 5.6);
  ctx.closePath();
  ctx.fill();
  // Window.
  disc(ctx, w - 21, cy - 0.5, 3.4, 0x2c3157);
  disc(ctx, w - 21, cy - 0.5, 2.2, 0x5ad1ff);
}

function drawFlame(ctx: CanvasRenderingContext2D): void {
  const { width: w, height: h } = FLAME;
  const cy = h / 2;
  // A teardrop pointing left (-x), hot white at the nozzle (right edge) to orange and clear.
  const gradient = ctx.createLinearGradient(w, 0, 0, 0);
  gradient.addColorStop(0, 'rgba(255, 255, 235, 1)');
  gradient.addColorStop(0.25, 'rgba(255, 211, 77, 0.95)');
  gradient.addColorStop(0.7, 'rgba(255, 110, 46, 0.6)');
  gradient.addColorStop(1, 'rgba(255, 60, 46, 0)');
  ctx.fillStyle = gradient;
  ctx.beginPath();
  ctx.moveTo(w, cy - 5);
  ctx.quadraticCurveTo(w * 0.35, cy - 7, 0, cy);
  ctx.quadraticCurveTo(w * 0.35, cy + 7, w, cy + 5);
  ctx.closePath();
  ctx.fill();
}

export function bakeCrashTextures(resolution: number): CrashTextures {
  return {
    rocket: new CanvasTexture(ROCKET.width, ROCKET.height, drawRocket, { resolution: resolution * 2 }),
    flame: new CanvasTexture(FLAME.width, FLAME.height, drawFlame, { resolution: resolution * 2 }),
    glow: new CanvasTexture(GLOW, GLOW, (ctx) => softDisc(ctx, GLOW / 2, GLOW / 2, 0, GLOW / 2, 0xffffff, 0.9), { resolution }),
    star: new CanvasTexture(6, 6, (ctx) => {
      softDisc(ctx, 3, 3, 0.5, 3, 0xffffff, 0.6);
      disc(ctx, 3, 3, 1, 0xffffff);
    }, { resolution: resolution * 2 }),
  };
}

export function destroyCrashTextures(textures: CrashTextures): void {
  for (const texture of Object.values(textures)) texture.destroy();
}
