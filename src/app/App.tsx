import { RouterProvider } from 'react-router';
import { router } from './router.tsx';
import '../styles/index.ts';

export function App() {
  return <RouterProvider router={router} />;
}
