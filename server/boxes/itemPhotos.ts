import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { ITEM_PHOTO_MAX_BYTES, ITEM_PHOTO_SIZE } from '../../core/protocol/adminCatalog.ts';
import { fieldError, type HttpError } from '../http/errors.ts';

// Operators' product photos of items (docs/operator-console.md, "Item photos"). What is uploaded is
// decoded before anything is kept: its bytes decide, never its name or content type, and only PNG,
// JPEG, WebP and AVIF pass. It is turned upright (EXIF orientation), fitted into a square on a
// transparent background and written as two renditions, AVIF and WebP, without the upload's
// metadata (a phone's location stays out). Both are named by a hash of the upload and of how the
// renditions are made, so a photo's URL never changes what it shows and is cached for good; an
// item that had a photo before keeps its files (another item may show the same ones, and a page
// or a cache may still hold the URL).

export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/** How the renditions are made: part of the name, so a change of it names new files. */
const RENDITIONS = `v1 ${ITEM_PHOTO_SIZE} contain transparent avif q55 webp q82`;
/** A decompression bomb (a small file of a huge image) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

export const PHOTO_REFUSED = 'The photo must be a PNG, JPEG, WebP or AVIF image.';
export const PHOTO_TOO_LARGE = `The photo is larger than ${ITEM_PHOTO_MAX_BYTES / (1024 * 1024)} MB.`;
export const PHOTO_NOT_KEPT = 'Photos are not kept on this server: set ITEM_PHOTOS_DIR (or DATA_DIR).';

export const photoRefused = (message = PHOTO_REFUSED): HttpError => fieldError('photo', message);

export interface ItemPhoto {
  /** The name of both renditions (32 hex digits). */
  hash: string;
  avif: Buffer;
  webp: Buffer;
}

/** Decodes an upload and makes its renditions; refuses (422 on `photo`) anything else than a PNG, JPEG, WebP or AVIF image within the size cap. */
export async function renderItemPhoto(upload: Buffer): Promise<ItemPhoto> {
  if (upload.length > ITEM_PHOTO_MAX_BYTES) throw photoRefused(PHOTO_TOO_LARGE);
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' } as const;
  let raw: { data: Buffer; info: OutputInfo };
  try {
    const { format, compression } = await sharp(upload, options).metadata();
    const accepted = format === 'png' || format === 'jpeg' || format === 'webp' || (format === 'heif' && compression === 'av1');
    if (!accepted) throw new Error(`not a photo format: ${format}`);
    raw = await sharp(upload, options)
      .rotate()
      .resize(ITEM_PHOTO_SIZE, ITEM_PHOTO_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw photoRefused();
  }
  // Decoded and fitted once, encoded twice.
  const pixels = () => sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } });
  const [avif, webp] = await Promise.all([pixels().avif({ quality: 55 }).toBuffer(), pixels().webp({ quality: 82 }).toBuffer()]);
  const hash = createHash('sha256').update(RENDITIONS).update('\n').update(upload).digest('hex').slice(0, 32);
  return { hash, avif, webp };
}

/** The photo format a request's Accept header takes: AVIF when it names it (with a weight above 0), else WebP, which every browser we serve reads. */
export function photoFormatFor(accept: string | undefined): PhotoFormat {
  const avif = (accept ?? '').split(',').find((part) => part.trim().toLowerCase().startsWith('image/avif'));
  if (!avif) return 'webp';
  const q = /;\s*q=([\d.]+)/.exec(avif);
  return q && Number(q[1]) === 0 ? 'webp' : 'avif';
}

/** The photos' folder (config.itemPhotosDir): '' keeps none, and an upload is refused. */
export function itemPhotoStore(dir: string) {
  const file = (hash: string, format: PhotoFormat) => path.join(dir, `${hash}.${format}`);
  return {
    async save(photo: ItemPhoto): Promise<void> {
      if (!dir) throw photoRefused(PHOTO_NOT_KEPT);
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: a reader never sees half a file, and a second upload of the same
      // photo (same name, same bytes) replaces it with itself.
      for (const format of PHOTO_FORMATS) {
        const aside = `${file(photo.hash, format)}.${randomBytes(6).toString('hex')}.part`;
        await writeFile(aside, photo[format]);
        await rename(aside, file(photo.hash, format));
      }
    },
    /** A rendition's bytes, or null when this folder lacks it. */
    async read(hash: string, format: PhotoFormat): Promise<Buffer | null> {
      if (!dir) return null;
      try {
        return await readFile(file(hash, format));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
  };
}

export type ItemPhotoStore = ReturnType<typeof itemPhotoStore>;
