import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { authKeys } from '../features/auth/api';
import { ApiError, onApiError, onUnauthorized } from '../lib/api-client';
import { DEFAULT_AUTO_CLOSE, notify, TOAST_LIMIT } from '../lib/notify';
import { TOAST_POSITION, TOAST_REGION_CLASS, TOAST_WIDTH } from './layout/toast-region';
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
      {/* In the sidebar's reserved bottom (see toast-region.ts). Rendered in place, not in a portal, so the
          container is there when the layout starts measuring it; it is fixed and above modals either way. */}
      <Notifications
        position={TOAST_POSITION}
        limit={TOAST_LIMIT}
        autoClose={DEFAULT_AUTO_CLOSE}
        containerWidth={TOAST_WIDTH}
        className={TOAST_REGION_CLASS}
        withinPortal={false}
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
