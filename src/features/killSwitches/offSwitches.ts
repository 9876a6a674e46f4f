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

/** The switched-off things among `keys`, by key, with their messages (empty while loading). */
export function useOffSwitches(keys: readonly KillSwitchKey[]): Partial<Record<KillSwitchKey, string>> {
  const [off, setOff] = useState<Partial<Record<KillSwitchKey, string>>>({});
  const wanted = keys.join(' ');
  useEffect(() => {
    let live = true;
    void readOff().then((list) => {
      if (live) setOff(Object.fromEntries(list.filter((s) => wanted.split(' ').includes(s.key)).map((s) => [s.key, s.message])));
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
