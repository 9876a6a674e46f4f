import type { Texture } from 'pixi.js';
import { bakeTexture, blurredRoundRect, disc, roundRect, softDisc } from '../core/bakedTexture.ts';
import { BOARD } from './plinkoBoard.ts';

// Everything the plinko board draws, baked once per scene (scenes/core/bakedTexture.ts): the scene
// is then sprites and text only, with no Graphics, no filter and no MSAA. White textures are tinted
// per bucket. Sizes are in board units; every texture is centred on its sprite's anchor (0.5).

export const BALL_COLOUR = 0xff3d7f;

/** Bucket size in board units (the gap between buckets is the wall the physics puts there). */
export const BUCKET = { width: BOARD.spacing - 5, height: BOARD.bucketHeight - 4, radius: 6 } as const;
/** How far the bucket glow spreads beyond the bucket. */
const GLOW_BLUR = 9;

export interface PlinkoTextures {
  peg: Texture;
  /** A soft white disc that lights a peg when a ball hits it. */
  flash: Texture;
  ball: Texture;
  /** White bucket body, tinted with the bucket's colour. */
  bucket: Texture;
  /** The white gloss along a bucket's top edge (not tinted). */
  bucketShine: Texture;
  /** The bucket's blurred halo, white, tinted. */
  bucketGlow: Texture;
}

export function bakePlinkoTextures(): PlinkoTextures {
  const peg = BOARD.pegRadius;
  const ball = BOARD.ballRadius;
  const flash = peg * 2.8;
  const glowMargin = GLOW_BLUR * 2;
  return {
    peg: bakeTexture(peg * 4, peg * 4, (ctx) => {
      softDisc(ctx, peg * 2, peg * 2, peg * 0.8, peg * 2, 0xffffff, 0.22);
      disc(ctx, peg * 2, peg * 2, peg, 0xe9ebff);
    }),
    flash: bakeTexture(flash * 2, flash * 2, (ctx) => softDisc(ctx, flash, flash, peg * 0.5, flash, 0xffffff, 0.7)),
    ball: bakeTexture(ball * 4, ball * 4, (ctx) => {
      const c = ball * 2;
      softDisc(ctx, c, c, ball * 0.9, ball * 2, BALL_COLOUR, 0.5);
      disc(ctx, c, c, ball, BALL_COLOUR);
      disc(ctx, c - 2, c - 2.5, ball * 0.4, 0xffffff, 0.7);
    }),
    bucket: bakeTexture(BUCKET.width, BUCKET.height, (ctx) => roundRect(ctx, 0, 0, BUCKET.width, BUCKET.height, BUCKET.radius, 0xffffff)),
    bucketShine: bakeTexture(BUCKET.width, BUCKET.height, (ctx) => roundRect(ctx, 2, 2, BUCKET.width - 4, 6, 3, 0xffffff, 0.3)),
    // Drawn twice: one blurred shape is too faint at its edges to read as a glow on black.
    bucketGlow: bakeTexture(BUCKET.width + glowMargin * 2, BUCKET.height + glowMargin * 2, (ctx, resolution) => {
      for (let i = 0; i < 2; i++) blurredRoundRect(ctx, resolution, glowMargin, glowMargin, BUCKET.width, BUCKET.height, BUCKET.radius, GLOW_BLUR, 0xffffff);
    }),
  };
}

export function destroyPlinkoTextures(textures: PlinkoTextures): void {
  for (const texture of Object.values(textures)) texture.destroy(true);
}
