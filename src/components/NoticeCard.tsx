import type { ReactNode } from 'react';
import './NoticeCard.css';

/**
 * A page that is one message: an icon, a heading, what it means and the way on (the referral link's
 * landing, the page the verification link lands on).
 */
export function NoticeCard({ icon, title, className, children }: { icon: ReactNode; title: string; className?: string; children?: ReactNode }) {
  return (
    <section className={['page', 'notice-card', className].filter(Boolean).join(' ')}>
      <div className="notice-card__card">
        <span className="notice-card__icon">{icon}</span>
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}
