import { Button } from '../../components/Button.tsx';
import type { Paged } from '../../../core/protocol/paged.ts';

/** Previous / next under a paged console list (Laravel-style pages, core/protocol/paged.ts). */
export function AdminPager({ page, onPage, loading }: { page: Paged<unknown> | null; onPage: (n: number) => void; loading?: boolean }) {
  const meta = page?.meta;
  if (!meta || meta.last_page <= 1) return null;
  return (
    <nav className="admin__pager" aria-label="Pages">
      <Button variant="secondary" size="small" disabled={meta.current_page <= 1 || loading} onClick={() => onPage(meta.current_page - 1)}>
        Previous
      </Button>
      <span>
        Page {meta.current_page} of {meta.last_page} · {meta.total} total
      </span>
      <Button variant="secondary" size="small" disabled={meta.current_page >= meta.last_page || loading} onClick={() => onPage(meta.current_page + 1)}>
        Next
      </Button>
    </nav>
  );
}
