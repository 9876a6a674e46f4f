import type { OpsServices } from '../services.ts';
import { OPS_ACTOR } from '../admin/audit.ts';
import { KILL_SWITCHES, KillSwitchBodySchema, type KillSwitchKey } from '../../core/protocol/killSwitches.ts';
import { readKillSwitches, setKillSwitch } from './killSwitches.ts';
import { switchView } from './switchViews.ts';

// `npm run ops -- kill-switch show | off --key K [--message TEXT] | on --key K`: the console's kill
// switches from the command line, through the same setKillSwitch (audited as "ops command"). With
// REDIS_URL the change is announced on the nodes' bus and applies at once; without it each node
// applies it at its next poll (KILL_SWITCHES_POLL_MS).

const OPTIONS = { key: { type: 'string' as const }, message: { type: 'string' as const } };

const line = (v: ReturnType<typeof switchView>) =>
  [v.key.padEnd(18), v.enabled ? 'on ' : 'OFF', v.enabled ? '' : `"${v.message ?? v.default_message}"`, v.updated_at ? `(${v.updated_by?.name ?? 'ops command'} ${v.updated_at})` : ''].filter(Boolean).join('  ');

export const killSwitchCommand = {
  summary: 'kill switches: show | off --key K [--message TEXT] | on --key K',
  options: OPTIONS,
  positionals: true,
  async run({ db, bus, config }: OpsServices, values: Record<string, string | boolean | undefined>, positionals: string[] = []) {
    const out = (text: string) => process.stdout.write(`${text}\n`);
    const action = positionals[0] ?? 'show';
    if (action === 'show') {
      for (const s of await readKillSwitches(db)) out(line(switchView(s)));
      return;
    }
    if (action !== 'on' && action !== 'off') throw new Error('kill-switch: show, on or off');
    const key = values.key as KillSwitchKey;
    if (!KILL_SWITCHES.includes(key)) throw new Error(`--key must be one of ${KILL_SWITCHES.join(', ')}`);
    // The console's body rules (the message's length), in its words.
    const parsed = KillSwitchBodySchema.safeParse({ enabled: action === 'on', message: typeof values.message === 'string' ? values.message : null });
    if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('\n'));
    await setKillSwitch(db, bus, OPS_ACTOR, key, parsed.data);
    out(line(switchView((await readKillSwitches(db)).find((s) => s.key === key)!)));
    if (!config.redisUrl) out('No REDIS_URL: running nodes apply it within their poll (10 s).');
  },
};
