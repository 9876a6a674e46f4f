import { Outlet } from 'react-router';

export function RootLayout() {
  return (
    <div className="layout">
      <main>
        <Outlet />
      </main>
    </div>
  );
}
