// The stack's floor (bench/bytes/README.md): the least a game page of the shop's stack (DESIGN.md's,
// with the browser's fetch as its HTTP client: docs/architecture.md) downloads, with none of the
// shop's code. A React 19 root under react-router's data router, a zustand store, a call through
// fetch, react-toastify's container at the first toast, a scene as ours are made (./scene.ts) and pusher-js,
// both loaded after the first render as the shop's scene host and realtime bridge are.
// bench/bytes/run.ts builds it and counts it as it counts the pages.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router';
import { create } from 'zustand';

const useRolls = create<{ rolls: number; roll: () => void; toasts: boolean }>((set) => ({ rolls: 0, roll: () => set((s) => ({ rolls: s.rolls + 1 })), toasts: false }));

// react-toastify and its container load at the first toast, as the shop's do (src/components/toast.tsx).
const Toasts = lazy(() => import('react-toastify').then(({ ToastContainer }) => ({ default: ToastContainer })));
function toast(text: string) {
  useRolls.setState({ toasts: true });
  void import('react-toastify').then((toastify) => toastify.toast(text));
}

function Scene() {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let gone = false;
    let unmount = () => {};
    void import('./scene.ts')
      .then(({ mountScene }) => mountScene(host.current!))
      .then((remove) => (gone ? remove() : (unmount = remove)));
    return () => {
      gone = true;
      unmount();
    };
  }, []);
  return <div ref={host} />;
}

function Game() {
  const rolls = useRolls((s) => s.rolls);
  useEffect(() => {
    void import('pusher-js').then(({ default: Pusher }) => new Pusher('floor', { cluster: '', wsHost: location.hostname, forceTLS: false, enabledTransports: ['ws'] }));
  }, []);
  const roll = () => {
    useRolls.getState().roll();
    fetch('/api/dice/bet', { method: 'POST' }).then((answer) => answer.ok || toast('Not here'));
  };
  return (
    <main>
      <button onClick={roll}>Roll ({rolls})</button>
      <Scene />
    </main>
  );
}

function Shell() {
  return (
    <>
      <nav>
        <Link to="/">Dice</Link>
      </nav>
      <Outlet />
      {useRolls((s) => s.toasts) && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </>
  );
}

const router = createBrowserRouter([{ path: '/', element: <Shell />, children: [{ index: true, element: <Game /> }] }]);
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
