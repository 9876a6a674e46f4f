import { createBrowserRouter } from 'react-router';
import { RootLayout } from './RootLayout.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { RouteError } from './RouteError.tsx';
import { pageRoutes } from './routes.tsx';

// The pathless child route catches page errors inside the layout, so header and footer stay.
export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [{ errorElement: <RouteError />, children: [...pageRoutes, { path: '*', element: <NotFoundPage /> }] }],
  },
]);
