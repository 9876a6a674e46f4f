import { useEffect, useState } from 'react';
import { killSwitchesOff } from '../../../core/protocol/routes/killSwitches.ts';
import type { KillSwitchKey, OffSwitch } from '../../../core/protocol/killSwitches.ts';
import { call } from '../../api/call.ts';

// What is switched off now (GET /api/kill-switches, docs/operator-console.md "Kill switches"), read
// by the pages that start a switched-off thing: a game page, the cashier, the sign-up. Read when such
// a page opens, so an admin's switch shows on the next visit; a tap in between gets the server's
// refusal, in the same words. Until the answer comes everything shows as on: the server decides.

let reading: Promise<OffSwitch[]> | null = null;

function readOff(): Promise<OffSwitch[]> {
  reading ??= call(killSwitchesOff, {})
    .then((answer) => answer.data, () => [])
    .finally(() => setTimeout(() => (reading = null), 1000));
  return reading;
}

function sameMessages(a: Partial<Record<KillSwitchKey, string>>, b: Partial<Record<KillSwitchKey, string>>): boolean {
  const keys = Object.keys(a) as KillSwitchKey[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The switched-off things among `keys`, by key, with their messages (empty while loading). */
export function useOffSwitches(keys: readonly KillSwitchKey[]): Partial<Record<KillSwitchKey, string>> {
  const [off, setOff] = useState<Partial<Record<KillSwitchKey, string>>>({});
  const wanted = keys.join(' ');
  useEffect(() => {
    let live = true;
    void readOff().then((list) => {
      const next: Partial<Record<KillSwitchKey, string>> = Object.fromEntries(list.filter((s) => wanted.split(' ').includes(s.key)).map((s) => [s.key, s.message]));
      // Nearly always nothing is off: the same messages keep the state, so the answer renders nothing
      // (a gated game page would otherwise render whole again for it, on every load).
      if (live) setOff((shown) => (sameMessages(shown, next) ? shown : next));
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return off;
}

/** The message while `key` is switched off, else null. */
export function useOffMessage(key: KillSwitchKey): string | null {
  return useOffSwitches([key])[key] ?? null;
}
