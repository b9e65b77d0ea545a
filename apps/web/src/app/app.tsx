import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { authKeys } from '../features/auth/api';
import { ApiError, onApiError, onUnauthorized } from '../lib/api-client';
import { DEFAULT_AUTO_CLOSE, notify, TOAST_LIMIT } from '../lib/notify';
import { ScannerProvider } from './providers/scanner-provider';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';
import { useDialogFocusReturn } from './use-dialog-focus-return';

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
  useDialogFocusReturn();
  useEffect(() => {
    const offError = onApiError((error) => notify({ color: 'red', title: 'Error', message: error.message }));
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
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* Top centre, over the header's empty middle: not over the account switcher and user menu (top right), nor
          a form's Save button (bottom right, where an error that stays until dismissed hid it). */}
      <Notifications
        position="top-center"
        limit={TOAST_LIMIT}
        autoClose={DEFAULT_AUTO_CLOSE}
        containerWidth={420}
      />
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
