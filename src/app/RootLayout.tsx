import { Outlet } from 'react-router';
import { ModalRoot } from './modals/ModalRoot.tsx';
import { Toasts } from '../components/Toasts.tsx';

export function RootLayout() {
  return (
    <div className="layout">
      <main>
        <Outlet />
      </main>
      <ModalRoot />
      <Toasts />
    </div>
  );
}
