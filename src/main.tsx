import './app/zodConfig.ts';
import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { App } from './app/App.tsx';
import { installAuthRefresh } from './api/authRefresh.ts';
import { router } from './app/router.tsx';

installAuthRefresh({ goHome: () => router.navigate('/') });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
