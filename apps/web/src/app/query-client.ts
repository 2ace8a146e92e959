import { QueryClient } from '@tanstack/react-query';
import { statusOf } from '../lib/http-status';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not change on retry; network and server errors may.
      retry: (failureCount, error) => {
        const status = statusOf(error);
        if (status !== undefined && status < 500) return false;
        return failureCount < 2;
      },
    },
  },
});
