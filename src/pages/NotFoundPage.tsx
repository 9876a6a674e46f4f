import { Link, useLocation } from 'react-router';

/** The 404 page: 'Page not found' plus the path (docs/product.md §2). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="page not-found">
      <div className="not-found__code" aria-hidden>
        404
      </div>
      <h1>Page not found</h1>
      <p className="not-found__path">{pathname}</p>
      <Link to="/" className="btn btn--primary">
        Back to the boxes
      </Link>
    </section>
  );
}
