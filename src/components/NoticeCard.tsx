import type { ReactNode } from 'react';
import './NoticeCard.css';

/**
 * A page that is one message: an icon, a heading, what it means and the way on (the referral link's
 * landing, the page the verification link lands on). `problem`: something did not work (its icon says so).
 */
export function NoticeCard({ icon, title, problem, className, children }: { icon: ReactNode; title: string; problem?: boolean; className?: string; children?: ReactNode }) {
  return (
    <section className={['page', 'notice-card', problem && 'notice-card--problem', className].filter(Boolean).join(' ')}>
      <div className="notice-card__card">
        <span className="notice-card__icon">{icon}</span>
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}
