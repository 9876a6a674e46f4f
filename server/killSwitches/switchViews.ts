import { defaultSwitchMessage, isGameSwitch, switchTitle, type KillSwitchView } from '../../core/protocol/killSwitches.ts';
import type { SwitchState } from './killSwitches.ts';

// A kill switch as the console and the ops command show it.
export function switchView(s: SwitchState): KillSwitchView {
  return {
    key: s.key,
    kind: isGameSwitch(s.key) ? 'game' : 'feature',
    title: switchTitle(s.key),
    enabled: s.enabled,
    message: s.message,
    default_message: defaultSwitchMessage(s.key),
    updated_by: s.updatedBy,
    updated_at: s.updatedAt === null ? null : s.updatedAt.toISOString(),
  };
}
