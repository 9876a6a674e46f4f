import { LIMBO_MAX_TARGET, LIMBO_MIN_TARGET, limboChance, limboTargetOfChance, limboTargetProblem } from '../../../core/games/limbo.ts';
import { parseTyped, type OddsInput } from '../../features/games/typedOdds.ts';
import { localizeBetMessage } from '../../features/games/validation/betMessages.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The limbo form's typed target and win chance (docs/limbo.md): each is read when the field is left
// (or Enter) and becomes the target; the chance is 99 / target, so a typed chance becomes the
// nearest target of two decimals and the chance field then shows that target's own chance. Pure,
// tested in tests/src/limboOdds.test.ts.

const MIN_CHANCE = limboChance(LIMBO_MAX_TARGET);
const MAX_CHANCE = limboChance(LIMBO_MIN_TARGET);

/** A chance in percent as shown: at most 8 significant digits, no exponent ("49.5", "0.000099"). */
export function formatChance(chance: number): string {
  return String(Number(chance.toPrecision(8)));
}

/** A typed target multiplier ("2", "2.5x", "1,5"): two decimals, within the game's bounds. */
export function targetInput(text: string): OddsInput {
  const target = parseTyped(text);
  if (!Number.isFinite(target)) return { problem: t('targetNotNumber') };
  // Core's rule in English (the server's words), shown in the page's language.
  const problem = limboTargetProblem(target);
  return problem ? { problem: localizeBetMessage(problem) } : { target };
}

/** A typed win chance in percent as the target that gives it (the nearest two-decimal target). */
export function chanceInput(text: string): OddsInput {
  const chance = parseTyped(text);
  if (!Number.isFinite(chance)) return { problem: t('chanceNotNumber') };
  // The bet forms' own message (core's words for the chance), in the page's language.
  if (chance < MIN_CHANCE || chance > MAX_CHANCE) return { problem: localizeBetMessage(`The win chance must be between ${formatChance(MIN_CHANCE)}% and ${formatChance(MAX_CHANCE)}%.`) };
  return { target: limboTargetOfChance(chance) };
}

/** What the two fields show for a target. */
export function oddsShown(target: number): { target: string; chance: string } {
  return { target: target.toFixed(2), chance: formatChance(limboChance(target)) };
}
