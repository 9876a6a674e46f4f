import { Outlet } from 'react-router';
import { ModalRoot } from './modals/ModalRoot.tsx';

export function RootLayout() {
  return (
    <div className="layout">
      <main>
        <Outlet />
      </main>
      <ModalRoot />
    </div>
  );
}
