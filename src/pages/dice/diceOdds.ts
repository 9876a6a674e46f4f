import { DICE_MAX_CHANCE, DICE_MIN_CHANCE, diceChanceHundredths, diceDisplayMultiplier, diceSnapTarget, type DiceDirection } from '../../../core/games/dice.ts';
import { diceWinUnits } from '../../../core/games/dicePayout.ts';
import { exactSteps } from '../../../core/money/cents.ts';
import { parseTyped, type OddsInput } from '../../features/games/typedOdds.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The dice form's typed win chance and multiplier (docs/games.md, "Dice"): each is read when the
// field is left (or Enter), checked, and becomes the target; the fields then show the target's own
// chance and the multiplier the server pays for it (4 decimals, rounded down), so what the player
// sees is always exactly what a win pays. Pure, tested in tests/src/diceOdds.test.ts.

const targetOf = (chanceHundredths: number, direction: DiceDirection) =>
  diceSnapTarget(direction === 'under' ? chanceHundredths / 100 : 100 - chanceHundredths / 100);

const MIN_HUNDREDTHS = Math.round(DICE_MIN_CHANCE * 100);
const MAX_HUNDREDTHS = Math.round(DICE_MAX_CHANCE * 100);
/** The multiplier shown for a chance in hundredths (4 decimals, rounded down: the server's). */
const shownMultiplier = (chanceHundredths: number) => diceWinUnits(10_000, chanceHundredths) / 10_000;
const chanceRange = { min: DICE_MIN_CHANCE.toFixed(2), max: DICE_MAX_CHANCE.toFixed(2) };
const multiplierRange = { min: shownMultiplier(MAX_HUNDREDTHS).toFixed(4), max: shownMultiplier(MIN_HUNDREDTHS).toFixed(4) };

/** A typed win chance (%, at most 2 decimals, within the game's bounds) as the target that gives it. */
export function chanceInput(text: string, direction: DiceDirection): OddsInput {
  const chance = parseTyped(text);
  if (!Number.isFinite(chance)) return { problem: t('chanceNotNumber') };
  const hundredths = exactSteps(chance, 2);
  if (hundredths === null) return { problem: t('chanceDecimals') };
  if (hundredths < MIN_HUNDREDTHS || hundredths > MAX_HUNDREDTHS) return { problem: t('chanceRange', chanceRange) };
  return { target: targetOf(hundredths, direction) };
}

/**
 * A typed multiplier as the target whose chance pays nearest to it (chances move in 0.01 steps, so
 * not every multiplier exists: 7× becomes 14.14 %, which pays 7.0014×).
 */
export function multiplierInput(text: string, direction: DiceDirection): OddsInput {
  const multiplier = parseTyped(text);
  if (!Number.isFinite(multiplier)) return { problem: t('multiplierNotNumber') };
  const exact = 9900 / multiplier; // the chance in hundredths that pays exactly `multiplier`
  // Beyond half a step outside the chances there are, the multiplier is out of reach.
  if (!(multiplier > 0) || exact < MIN_HUNDREDTHS - 0.5 || exact > MAX_HUNDREDTHS + 0.5) return { problem: t('multiplierRange', multiplierRange) };
  const nearest = [Math.floor(exact), Math.ceil(exact)]
    .filter((c) => c >= MIN_HUNDREDTHS && c <= MAX_HUNDREDTHS)
    .sort((a, b) => Math.abs(shownMultiplier(a) - multiplier) - Math.abs(shownMultiplier(b) - multiplier))[0]!;
  return { target: targetOf(nearest, direction) };
}

/** What the two fields show for a target: its chance and the multiplier the server pays. */
export function oddsShown(target: number, direction: DiceDirection): { chance: string; multiplier: string } {
  return { chance: (diceChanceHundredths(target, direction) / 100).toFixed(2), multiplier: diceDisplayMultiplier(target, direction).toFixed(4) };
}
