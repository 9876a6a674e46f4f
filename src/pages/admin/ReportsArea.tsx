import BoardPage from './BoardPage.tsx';
import ReportsPage from './ReportsPage.tsx';
import SettingsPage from './SettingsPage.tsx';

// The live board, reports and game settings behind one lazy import (routes.tsx): each import() costs
// the shop's entry its preload list, bytes the home page's budget hardly has (docs/performance.md,
// "Budgets"; three imports cost ~300 bytes, this one ~100). The three are small and used together.

const PAGES = { board: BoardPage, reports: ReportsPage, settings: SettingsPage };

export default function ReportsArea({ page }: { page: keyof typeof PAGES }) {
  const Page = PAGES[page];
  return <Page />;
}
