import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyTheme, readThemePreference } from './lib/theme';
import { seedFirstFigures } from './state/first-figures';
import { queryClient } from './state/query-client';
import './index.css';

// Before the first render, so the page never flashes the wrong theme (the CSP forbids an inline script in index.html).
applyTheme(readThemePreference());

seedFirstFigures(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
