import { useLocation } from 'react-router';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="page not-found">
      <h1>Page not found</h1>
      <p>{pathname}</p>
    </section>
  );
}
