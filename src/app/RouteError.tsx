import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { isChunkLoadError, reloadForChunk } from './chunkReload.ts';

/** Errors inside a page: 404 responses show the 404 page; a failed chunk reloads the target path. */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const chunk = isChunkLoadError(error);
  const [reloading, setReloading] = useState(chunk);
  useEffect(() => {
    if (chunk) setReloading(reloadForChunk(location.pathname + location.search + location.hash));
  }, [chunk, location.pathname, location.search, location.hash]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (reloading) return <section className="page route-error" aria-busy="true" />;
  return (
    <section className="page route-error">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Please try again.</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </section>
  );
}
