import type { ReactNode } from 'react';
import { useSession } from '../../stores/session.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/**
 * What only the signed-in player should see on their screen (their balance, name, email): shown
 * as "Hidden" while their streamer mode is on (docs/community.md, "Streamer mode"), so a stream of
 * the screen does not show it.
 */
export function Private({ children }: { children: ReactNode }) {
  const hidden = useSession((s) => s.user?.streamer_mode ?? false);
  return hidden ? <span className="private-hidden">{t('hidden')}</span> : children;
}
