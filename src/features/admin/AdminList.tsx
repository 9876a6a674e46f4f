import type { ReactNode } from 'react';
import type { Paged } from '../../../core/protocol/paged.ts';
import { AdminPager } from './AdminPager.tsx';

/** A console list's body: its load error, the table (busy while a page loads) and the pager under it. */
export function AdminList({ error, loading, page, onPage, children }: { error: string | null; loading: boolean; page: Paged<unknown> | null; onPage: (n: number) => void; children: ReactNode }) {
  return (
    <>
      {error && (
        <p className="admin__error" role="alert">
          {error}
        </p>
      )}
      <div aria-busy={loading}>{children}</div>
      <AdminPager page={page} loading={loading} onPage={onPage} />
    </>
  );
}
