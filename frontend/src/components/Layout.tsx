import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { acquireLiveConnection } from '../state/live-connection';
import { SiteFooter } from './layout/SiteFooter';
import { SiteHeader } from './layout/SiteHeader';
import { Toaster } from './layout/Toaster';
import { SimulatedWebBanner } from './SimulatedWebBanner';

export function Layout({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // One live socket for the whole app; its pushes keep every page's snapshots current.
  useEffect(() => acquireLiveConnection(queryClient), [queryClient]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-indigo-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <SimulatedWebBanner />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
      <Toaster />
    </div>
  );
}
