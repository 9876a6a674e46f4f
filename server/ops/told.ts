import { HttpError } from '../http/errors.ts';

/**
 * Runs a console domain function for an ops command: its 4xx (an HttpError with the field messages
 * the console shows) becomes the command's error in the same words.
 */
export async function told<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof HttpError) {
      const errors = error.body.errors as Record<string, string[]> | undefined;
      throw new Error(errors ? Object.values(errors).flat().join('; ') : error.message, { cause: error });
    }
    throw error;
  }
}
