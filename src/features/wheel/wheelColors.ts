import type { CSSProperties } from 'react';
import { WHEEL_COLOR_HEX, type WheelColor } from '../../../core/games/wheel.ts';
import { hundredthsToMultiplier } from '../../../core/games/multiplier.ts';
import { roundFairHref } from '../../../core/games/roundGames.ts';

// The wheel's colours in the DOM: the same table as the scene (core WHEEL_COLOR_HEX), handed to the
// page's CSS as --wheel-c.

const hex = (n: number) => `#${n.toString(16).padStart(6, '0')}`;

export const colorStyle = (color: WheelColor) => ({ '--wheel-c': hex(WHEEL_COLOR_HEX[color]) }) as CSSProperties;

/** A multiplier in hundredths as the page shows it: ×3.5. */
export const multiplierText = (hundredths: number) => `×${hundredthsToMultiplier(hundredths)}`;

export const wheelFairHref = (hash: string, roundNumber?: number) => roundFairHref('wheel', hash, roundNumber);
