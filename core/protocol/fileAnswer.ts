import { z } from 'zod';
import type { FileAnswer } from './route.ts';

/** An answer that is not JSON (SVG art, a CSV download), documented by its content type. */
export function fileAnswer(contentType: string, description: string): FileAnswer {
  return { description, content: { [contentType]: { schema: z.string() } } };
}
