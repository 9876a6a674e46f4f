import { createBrowserRouter } from 'react-router';
import { RootLayout } from './RootLayout.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { pageRoutes } from './routes.tsx';

export const router = createBrowserRouter([
  { path: '/', element: <RootLayout />, errorElement: <NotFoundPage />, children: [...pageRoutes, { path: '*', element: <NotFoundPage /> }] },
]);
