import { z } from 'zod';

// The spec's error bodies as zod schemas (docs/product.md §8), for the routes' response schemas:
// one definition instead of one per route file. Apart from errors.ts (the client's reading of an
// error body) so the shell, which reads error bodies, does not load zod.

/** 422 with the fields' messages: `{message, errors: {field: [..]}}`. */
export const ValidationAnswerSchema = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });
export type ValidationAnswer = z.infer<typeof ValidationAnswerSchema>;
/** A refusal the client toasts: `{message, msg}` (also a 404 with msg). */
export const MsgRefusalSchema = z.object({ message: z.string(), msg: z.string() });
/** 401 and other plain errors: `{message}`. */
export const MessageAnswerSchema = z.object({ message: z.string() });
