import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { authKeys } from '../features/auth/api';
import { ApiError, onApiError, onUnauthorized } from '../lib/api-client';
import { ScannerProvider } from './providers/scanner-provider';
import { router } from './router';
import { theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) =>
        !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** Errors become toasts; a 401 anywhere means the session ended, so the app goes back to the login page. */
function ApiEvents() {
  useEffect(() => {
    const offError = onApiError((error) =>
      notifications.show({ color: 'red', title: 'Error', message: error.message, autoClose: 6000 }),
    );
    const offUnauthorized = onUnauthorized(() => {
      queryClient.setQueryData(authKeys.me, null);
      if (!window.location.pathname.startsWith('/login')) {
        const next = encodeURIComponent(window.location.pathname + window.location.search);
        void router.navigate(`/login?next=${next}`);
      }
    });
    return () => {
      offError();
      offUnauthorized();
    };
  }, []);
  return null;
}

export function App() {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" limit={4} autoClose={3500} />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <ScannerProvider>
            <ApiEvents />
            <RouterProvider router={router} />
          </ScannerProvider>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
