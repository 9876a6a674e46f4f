import { Link, useLocation } from 'react-router';
import messages from './i18n/en-US.json';
import { translator } from '../i18n/i18n.ts';

const t = translator(messages);

/** The 404 page: 'Page not found' plus the path (docs/product.md §2). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="page not-found">
      <div className="not-found__code" aria-hidden>
        404
      </div>
      <h1>{t('pageNotFound')}</h1>
      <p className="not-found__path">{pathname}</p>
      <Link to="/" className="btn btn--primary">
        {t('backToBoxes')}
      </Link>
    </section>
  );
}
