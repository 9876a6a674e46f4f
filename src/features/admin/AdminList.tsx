import { HistoryTable, type HistoryColumn } from '../history/HistoryTable.tsx';
import { AdminPager } from './AdminPager.tsx';
import type { Paged } from '../../../core/protocol/paged.ts';

/** A console list: its load error, the page of rows (busy while the next loads) and the pager under it. */
export function AdminList<T extends { id: string | number }>({
  list,
  columns,
  empty,
  testId,
  onPage,
}: {
  list: { data: Paged<T> | null; error: string | null; loading: boolean };
  columns: readonly HistoryColumn<T>[];
  empty: string;
  testId: string;
  onPage: (n: number) => void;
}) {
  return (
    <>
      {list.error && (
        <p className="admin__error" role="alert">
          {list.error}
        </p>
      )}
      <div aria-busy={list.loading}>{list.data && <HistoryTable columns={columns} rows={list.data.data} empty={empty} testId={testId} />}</div>
      <AdminPager page={list.data} loading={list.loading} onPage={onPage} />
    </>
  );
}
