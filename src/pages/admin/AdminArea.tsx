import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, useLocation } from 'react-router';
import { Spinner } from '../../components/Spinner.tsx';
import { AdminParams } from '../../features/admin/staffContext.ts';
import { NotFoundPage } from '../NotFoundPage.tsx';
import AdminLayout from './AdminLayout.tsx';

// The operator console's pages (docs/operator-console.md), below /admin/*. The shop's route table
// (src/app/routes.tsx) names only this module: every console page's import, and the table that picks
// one by the path, live here in the console's own chunk, so the shop's first load carries none of
// them (docs/performance.md, "Budgets"; descendant <Routes> would have added to the router's shared
// chunk the home page loads). Each page is its own chunk, loaded when first visited; a page reads
// its path's values (a player's id) with useAdminParams.
const PAGES: readonly [string, ComponentType][] = [
  ['/admin', lazy(() => import('./BoardPage.tsx'))],
  ['/admin/players', lazy(() => import('./PlayersPage.tsx'))],
  ['/admin/players/:id', lazy(() => import('./PlayerPage.tsx'))],
  ['/admin/support', lazy(() => import('./SupportQueuePage.tsx'))],
  ['/admin/support/:id', lazy(() => import('./SupportTicketPage.tsx'))],
  ['/admin/chat', lazy(() => import('./ChatPage.tsx'))],
  ['/admin/approvals', lazy(() => import('./ApprovalsPage.tsx'))],
  ['/admin/risk', lazy(() => import('./RiskPage.tsx'))],
  ['/admin/kyc', lazy(() => import('./KycPage.tsx'))],
  ['/admin/shipping', lazy(() => import('./ShippingQueuePage.tsx'))],
  ['/admin/codes', lazy(() => import('./CodesPage.tsx'))],
  ['/admin/items', lazy(() => import('./ItemsPage.tsx'))],
  ['/admin/boxes', lazy(() => import('./BoxesPage.tsx'))],
  ['/admin/reports', lazy(() => import('./ReportsPage.tsx'))],
  ['/admin/settings', lazy(() => import('./SettingsPage.tsx'))],
  ['/admin/audit', lazy(() => import('./AuditPage.tsx'))],
  ['/admin/staff', lazy(() => import('./StaffPage.tsx'))],
];

export default function AdminArea() {
  const { pathname } = useLocation();
  for (const [pattern, Page] of PAGES) {
    const match = matchPath(pattern, pathname);
    if (!match) continue;
    return (
      <AdminLayout>
        <AdminParams.Provider value={match.params}>
          <Suspense
            fallback={
              <div className="admin__loading">
                <Spinner size={32} />
              </div>
            }
          >
            <Page key={pattern} />
          </Suspense>
        </AdminParams.Provider>
      </AdminLayout>
    );
  }
  return (
    <AdminLayout>
      <NotFoundPage />
    </AdminLayout>
  );
}
