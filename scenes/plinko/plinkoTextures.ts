import type { Texture } from 'pixi.js';
import { blurredRoundRect, CanvasTexture, disc, roundRect, softDisc, type Draw } from '../kit/bakedTexture.ts';
import { BOARD } from './plinkoBoard.ts';

// Everything the plinko board draws, baked once per scene (scenes/kit/bakedTexture.ts): the scene
// is then particles and text only, with no Graphics, no filter and no MSAA. White textures are
// tinted per bucket. Sizes are in board units; every texture is centred on its particle's anchor
// (0.5). They are baked at the board's on-screen scale (setResolution on resize), so plain bilinear
// sampling keeps them sharp and smooth without mipmaps.

export const BALL_COLOUR = 0xff3d7f;

/** Bucket size in board units (the gap between buckets is the wall the physics puts there). */
export const BUCKET = { width: BOARD.spacing - 5, height: BOARD.bucketHeight - 4, radius: 6 } as const;
/** How far the bucket glow spreads beyond the bucket. */
const GLOW_BLUR = 9;
const GLOW_MARGIN = GLOW_BLUR * 2;

const PEG = BOARD.pegRadius;
const BALL = BOARD.ballRadius;
const FLASH = PEG * 2.8;

const SHAPES = {
  peg: [PEG * 4, PEG * 4, (ctx) => {
    softDisc(ctx, PEG * 2, PEG * 2, PEG * 0.8, PEG * 2, 0xffffff, 0.22);
    disc(ctx, PEG * 2, PEG * 2, PEG, 0xe9ebff);
  }],
  /** A soft white disc that lights a peg when a ball hits it. */
  flash: [FLASH * 2, FLASH * 2, (ctx) => softDisc(ctx, FLASH, FLASH, PEG * 0.5, FLASH, 0xffffff, 0.7)],
  ball: [BALL * 4, BALL * 4, (ctx) => {
    softDisc(ctx, BALL * 2, BALL * 2, BALL * 0.9, BALL * 2, BALL_COLOUR, 0.5);
    disc(ctx, BALL * 2, BALL * 2, BALL, BALL_COLOUR);
    disc(ctx, BALL * 2 - 2, BALL * 2 - 2.5, BALL * 0.4, 0xffffff, 0.7);
  }],
  /** White bucket body, tinted with the bucket's colour. */
  bucket: [BUCKET.width, BUCKET.height, (ctx) => roundRect(ctx, 0, 0, BUCKET.width, BUCKET.height, BUCKET.radius, 0xffffff)],
  /** The white gloss along a bucket's top edge (not tinted). */
  bucketShine: [BUCKET.width, BUCKET.height, (ctx) => roundRect(ctx, 2, 2, BUCKET.width - 4, 6, 3, 0xffffff, 0.3)],
  /** The bucket's blurred halo, white, tinted; drawn twice: one blurred shape is too faint at its edges to read as a glow on black. */
  bucketGlow: [BUCKET.width + GLOW_MARGIN * 2, BUCKET.height + GLOW_MARGIN * 2, (ctx, resolution) => {
    for (let i = 0; i < 2; i++) blurredRoundRect(ctx, resolution, GLOW_MARGIN, GLOW_MARGIN, BUCKET.width, BUCKET.height, BUCKET.radius, GLOW_BLUR, 0xffffff);
  }],
} satisfies Record<string, [number, number, Draw]>;

export type PlinkoTextures = Record<keyof typeof SHAPES, Texture>;

/** The board's textures, baked and re-baked as one set. */
export class PlinkoTextureSet {
  readonly textures: PlinkoTextures;
  private readonly baked: CanvasTexture[];

  constructor(resolution: number) {
    const entries = Object.entries(SHAPES).map(([name, [width, height, draw]]) => [name, new CanvasTexture(width, height, draw, { resolution })] as const);
    this.baked = entries.map(([, baked]) => baked);
    this.textures = Object.fromEntries(entries.map(([name, baked]) => [name, baked.texture])) as PlinkoTextures;
  }

  /** Bakes every texture again at `resolution` texels per board unit; true if anything changed. */
  setResolution(resolution: number): boolean {
    return this.baked.map((baked) => baked.setResolution(resolution)).some(Boolean);
  }

  destroy(): void {
    for (const baked of this.baked) baked.destroy();
  }
}
