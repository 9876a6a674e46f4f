import './app/zodConfig.ts';
import { createRoot } from 'react-dom/client';
import { startTransition, StrictMode } from 'react';
import { App } from './app/App.tsx';
import { installAuthRefresh } from './api/authRefresh.ts';
import { router } from './app/router.tsx';
import { preloadPrerendered } from './app/routes.tsx';
import { prerendered } from './app/prerendered.ts';
import { startLocale } from './i18n/locale.ts';

installAuthRefresh({ goHome: () => router.navigate('/') });

function render() {
  const root = createRoot(document.getElementById('root')!);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // Over prerendered markup the first render is a transition: React renders in slices between which
  // the browser stays responsive (one synchronous pass of the whole page was a long task of ~1 s at
  // Lighthouse's 4× CPU), and the page already shows until the commit.
  if (prerendered) startTransition(() => root.render(app));
  else root.render(app);
}

// A prerendered page (scripts/prerender.ts) stays as the server sent it until its code is here, so
// React's first render is that same page and replaces the markup without a spinner or a shift. A
// failed chunk load renders anyway: the router's error page handles it as on any other page.
// The language's catalog (en-US has none to fetch) comes before the first render, with that code.
void Promise.all([startLocale(), prerendered ? preloadPrerendered(location.pathname) : null]).then(render, render);
