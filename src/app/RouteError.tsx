import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { isChunkLoadError, reloadForChunk } from './chunkReload.ts';
import messages from './i18n/en-US.json';
import { translator } from '../i18n/i18n.ts';

const t = translator(messages);

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
      <h1>{t('errorTitle')}</h1>
      <p>{t('errorText')}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {t('reload')}
      </button>
    </section>
  );
}
