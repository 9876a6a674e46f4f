import type { OpsServices } from '../services.ts';
import { OPS_ACTOR } from '../admin/audit.ts';
import { HttpError } from '../http/errors.ts';
import { coinsToCents } from '../../core/money/cents.ts';
import { SETTING_GAMES, type GameLimits, type SettingGame } from '../../core/games/gameSettings.ts';
import { readGameSettings, setGameLimits } from './gameSettings.ts';
import { settingView } from './settingViews.ts';

// `npm run ops -- settings show | set --game G [--min-bet C] [--max-bet C] [--max-payout C]` (coins):
// the console's game settings from the command line, through the same setGameLimits (bounds, audit
// row as "ops command"). With REDIS_URL the change is announced on the nodes' bus (the CLI's, from createServices) and applies at
// once; without it each node applies it at its next poll (GAME_SETTINGS_POLL_MS).

const OPTIONS = { game: { type: 'string' as const }, 'min-bet': { type: 'string' as const }, 'max-bet': { type: 'string' as const }, 'max-payout': { type: 'string' as const } };

function cents(value: string | boolean | undefined, name: string, current: number): number {
  if (value === undefined) return current;
  const c = typeof value === 'string' ? coinsToCents(Number(value)) : null;
  if (c === null) throw new Error(`--${name} must be an amount of coins (at most 2 decimals)`);
  return c;
}

const line = (s: ReturnType<typeof settingView>) =>
  [s.game.padEnd(7), `bet ${s.min_bet}–${s.max_bet}`, `payout cap ${s.max_payout}`, `(bounds ${s.bounds.min_bet}–${s.bounds.max_bet}, cap ${s.bounds.max_payout})`, s.narrowed ? `narrowed ${s.updated_at}` : 'game defaults'].join('  ');

export const settingsCommand = {
  summary: 'game settings (coins): show | set --game G [--min-bet C] [--max-bet C] [--max-payout C]',
  options: OPTIONS,
  positionals: true,
  async run({ db, bus, config }: OpsServices, values: Record<string, string | boolean | undefined>, positionals: string[] = []) {
    const out = (text: string) => process.stdout.write(`${text}\n`);
    const action = positionals[0] ?? 'show';
    const settings = await readGameSettings(db);
    if (action === 'show') {
      for (const s of settings) out(line(settingView(s)));
      return;
    }
    if (action !== 'set') throw new Error('settings: show or set');
    const game = values.game as SettingGame;
    if (!SETTING_GAMES.includes(game)) throw new Error(`--game must be one of ${SETTING_GAMES.join(', ')}`);
    const current = settings.find((s) => s.game === game)!;
    const next: GameLimits = { minBet: cents(values['min-bet'], 'min-bet', current.minBet), maxBet: cents(values['max-bet'], 'max-bet', current.maxBet), maxPayout: cents(values['max-payout'], 'max-payout', current.maxPayout) };
    try {
      await setGameLimits(db, bus, OPS_ACTOR, game, next);
    } catch (error) {
      // The console's 422 names each refused field; here they become one line each.
      if (error instanceof HttpError && error.body.errors) throw new Error(Object.entries(error.body.errors as Record<string, string[]>).map(([field, [message]]) => `${field}: ${message}`).join('\n'), { cause: error });
      throw error;
    }
    out(line(settingView((await readGameSettings(db)).find((s) => s.game === game)!)));
    if (!config.redisUrl) out('No REDIS_URL: running nodes apply it within their poll (10 s).');
  },
};
