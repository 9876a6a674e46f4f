import './app/zodConfig.ts';
import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { App } from './app/App.tsx';
import { installAuthRefresh } from './api/authRefresh.ts';
import { router } from './app/router.tsx';
import { preloadPrerendered } from './app/routes.tsx';
import { prerendered } from './app/prerendered.ts';

installAuthRefresh({ goHome: () => router.navigate('/') });

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// A prerendered page (scripts/prerender.ts) stays as the server sent it until its code is here, so
// React's first render is that same page and replaces the markup without a spinner or a shift. A
// failed chunk load renders anyway: the router's error page handles it as on any other page.
if (prerendered) void preloadPrerendered(location.pathname).then(render, render);
else render();
