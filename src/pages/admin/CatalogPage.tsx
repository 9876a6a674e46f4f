import { useMatch } from 'react-router';
import ItemsPage from './ItemsPage.tsx';
import BoxesPage from './BoxesPage.tsx';

// /admin/items and /admin/boxes in one lazily loaded chunk, one element for both routes: the shop's
// first load then carries one import of the catalog's pages, not two (home's JS budget is within
// bytes of its limit, docs/performance.md "Budgets").
export default function CatalogPage() {
  return useMatch('/admin/items') ? <ItemsPage /> : <BoxesPage />;
}
