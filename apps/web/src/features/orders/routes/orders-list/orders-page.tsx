import { Alert, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useScreenHelp } from '../../../../app/help/screen-help';
import { PrevNextButtons } from '../../../../components/pagination';
import { ApiError } from '../../../../lib/api-client';
import { useQuietKeyShortcut } from '../../../../lib/keyboard';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useUrlSearchState } from '../../../../lib/use-url-search-state';
import { useMe } from '../../../auth/api';
import { ORDERS_PAGE_SIZE, type OrderSearch, useChannelOrders } from '../../api';
import { ORDERS_HELP } from '../../components/order-scan-help';
import { useOrderScan } from '../../components/use-order-scan';
import { paramsFromSearch, searchFromParams } from '../../lib/list-params';
import { OrdersFilters } from './orders-filters';
import { OrdersTable } from './orders-table';

/**
 * Orders (/orders): every channel order of the account, newest first, 100 a page. The search text, channel,
 * statuses and page are the URL's query, so a reload or Back keeps them. Keyboard: '/' searches, ArrowDown
 * walks the rows, Enter opens one; a scanned {CO:id} opens that order.
 */
export function OrdersPage() {
  usePageTitle('Orders');
  const utcOffset = useMe().data!.currentAccount.utcOffset;
  const [search, setSearch] = useUrlSearchState(searchFromParams, paramsFromSearch);
  const orders = useChannelOrders(search);
  const searchRef = useRef<HTMLInputElement>(null);
  const rowsRef = useRef<HTMLTableSectionElement>(null);
  // '/' searches (a '/' quickly followed by more keys is a scan such as '/IBR-12/', left to the scanner).
  useQuietKeyShortcut('/', () => {
    searchRef.current?.focus();
    searchRef.current?.select();
  });
  useOrderScan();
  useScreenHelp(ORDERS_HELP);

  const onFilterChange = (change: Partial<Omit<OrderSearch, 'page'>>) =>
    // Typing replaces the history entry; picking a channel or status is a step Back can undo.
    setSearch((current) => ({ ...current, ...change, page: 0 }), { replace: 'searchTerm' in change });
  const goToPage = (page: number) => {
    setSearch((current) => ({ ...current, page }));
    window.scrollTo({ top: 0 });
  };

  const rows = orders.data?.orders ?? [];
  const first = search.page * ORDERS_PAGE_SIZE;
  const focusFirstRow = () => (rowsRef.current?.firstElementChild as HTMLElement | null)?.focus();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Orders</Title>
      </Group>
      <Paper withBorder p="md">
        <OrdersFilters
          search={search}
          onChange={onFilterChange}
          searchRef={searchRef}
          onArrowDown={focusFirstRow}
        />
      </Paper>

      {orders.isError ? (
        <Alert color="red" title="Error loading orders">
          {orders.error instanceof ApiError ? orders.error.message : String(orders.error)}
        </Alert>
      ) : orders.isPending ? (
        <Center py="xl">
          <Group gap="xs">
            <Loader size="sm" />
            <Text c="dimmed">Loading...</Text>
          </Group>
        </Center>
      ) : rows.length === 0 ? (
        <Paper withBorder p="xl" data-testid="orders-empty">
          <Stack align="center" gap={4}>
            <Text fw={600}>No Orders Found</Text>
            <Text size="sm" c="dimmed">
              {search.page > 0
                ? 'There are no more orders on this page.'
                : 'Try another search, or clear the channel and status filters.'}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Paper
          withBorder
          style={{ opacity: orders.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          <OrdersTable
            orders={rows}
            utcOffset={utcOffset}
            tableRef={rowsRef}
            onLeaveTop={() => searchRef.current?.focus()}
          />
        </Paper>
      )}

      {!orders.isPending && !orders.isError && (rows.length > 0 || search.page > 0) && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="orders-range">
            {rows.length ? `Orders ${first + 1}–${first + rows.length}` : ''}
          </Text>
          <PrevNextButtons
            page={search.page}
            hasMore={Boolean(orders.data?.hasMore)}
            busy={orders.isFetching}
            onPage={goToPage}
          />
        </Group>
      )}
    </Stack>
  );
}
