import type { ReactNode } from 'react';
import { Countdown } from './Countdown.tsx';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/**
 * A card of /races or /missions: its name under its icon, its rule, and the countdown to its end
 * while it runs (`endsAt`, an ISO time); below, what the page shows of it (standings, winners).
 */
export function RewardsCard({ name, icon, testId, rule, ruleClassName, endsAt, children }: { name: string; icon: ReactNode; testId: string; rule: ReactNode; ruleClassName?: string; endsAt: string | null; children: ReactNode }) {
  return (
    <section className="panel rewards-panel" aria-label={name} data-testid={testId}>
      <header className="rewards-hero">
        <div>
          <h2>
            {icon} {name}
          </h2>
          <p className={ruleClassName ? `rewards-note ${ruleClassName}` : 'rewards-note'}>{rule}</p>
        </div>
        {endsAt !== null && <Countdown target={endsAt} label={t('timeLeftIn', { name })} />}
      </header>
      {children}
    </section>
  );
}
