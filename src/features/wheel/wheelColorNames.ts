import type { WheelColor } from '../../../core/games/wheel.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from '../../pages/wheel/i18n/en-US.json';

const t = translator(messages);

// The wheel's colour names in the page's language (core's WHEEL_COLOR_LABELS are the en-US ones).
// A module of its own: wheelColors.ts is shared with the fairness pages, which need no catalog.

const COLOR_KEYS: Record<WheelColor, keyof typeof messages> = { grey: 'colorGrey', blue: 'colorBlue', green: 'colorGreen', purple: 'colorPurple', gold: 'colorCrazy' };

/** A colour's name as the page shows it ("Grey", "Crazy"); call while rendering. */
export const colorName = (color: WheelColor) => t(COLOR_KEYS[color]);
