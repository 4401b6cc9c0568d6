import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../src/state/query-client';

/** A render wrapper providing `client` (default: the app's one client), as main.tsx does for the app. */
export function withQueryClient(client: QueryClient = queryClient) {
  return function QueryWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}
