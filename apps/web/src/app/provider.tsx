import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AppToaster } from '../components/ui/toaster.tsx';
import { meQueryOptions } from '../lib/auth.ts';
import { createQueryClient } from '../lib/query-client.ts';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Every page asks who is signed in: ask now, while the page's own code is still loading.
    void client.prefetchQuery(meQueryOptions());
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
