import {
  APPEAL_STATUS_FILTER_PLACEHOLDER,
  APPEAL_STATUSES,
  orderNumberFilterLabel,
  parseScan,
  RETURN_STATUS_FILTER_PLACEHOLDER,
  RETURN_STATUSES,
  RETURNS_PAGE_SIZE,
  RETURNS_SEARCH_ERROR,
  RETURNS_SEARCH_PLACEHOLDER,
  type ReturnSearchRow,
  returnSearchOfScan,
  returnsSearchToast,
} from '@backroom/shared';
import { Badge, CloseButton, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useScreenHelp } from '../../../../app/help/screen-help';
import { useScanHandler } from '../../../../app/providers/scanner-provider';
import { PrevNextButtons } from '../../../../components/pagination';
import { ReasonButton } from '../../../../components/reason-button';
import { SearchInput } from '../../../../components/search-input';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useUrlSearchState } from '../../../../lib/use-url-search-state';
import { useMe } from '../../../auth/api';
import { type ReturnsSearchRequest, useReturnsSearch } from '../../search-api';
import { downloadReturns } from './download-returns';
import { RETURNS_SEARCH_HELP } from './help';
import { ReturnNotesModal } from './return-notes-modal';
import { ReturnsTable } from './returns-table';
import { paramsFromSearch, type ReturnsSearchState, searchFromParams } from './search-params';

/** returns.md §9: the search is debounced 250 ms. */
const SEARCH_DEBOUNCE_MS = 250;

const statusOptions = (list: readonly { id: number; name: string }[]) =>
  list.map((status) => ({ value: String(status.id), label: status.name }));

/**
 * Returns search (/returns; returns.md §Returns search): the account's returns, newest order first, 100 a page.
 * The statuses, the search text and its type are the URL's query, so a reload or Back keeps them; changing any
 * of them reloads the list. Each answer is told in a toast ('{n} result(s) for "…" [type]'); a failed search
 * empties the list ('Error Searching Returns.'). A scanned return label opens that return; any other scan
 * searches with the scanned value.
 */
export function ReturnsSearchPage() {
  usePageTitle('Returns');
  const utcOffset = useMe().data!.currentAccount.utcOffset;
  const navigate = useNavigate();
  const [state, setState] = useUrlSearchState(searchFromParams, paramsFromSearch);
  const request = useMemo<ReturnsSearchRequest>(
    () => ({
      inboundReturnStatusId: state.inboundReturnStatusId,
      inboundReturnAppealStatusId: state.inboundReturnAppealStatusId,
      search: state.search,
      type: state.type,
    }),
    [state.inboundReturnStatusId, state.inboundReturnAppealStatusId, state.search, state.type],
  );
  const list = useReturnsSearch(request, state.page, (result) => {
    if (result instanceof ApiError) {
      notify({ color: 'red', message: RETURNS_SEARCH_ERROR });
      return;
    }
    notify({
      message: returnsSearchToast(result.rows.length, request.search, request.type),
      autoClose: 3000,
    });
  });
  const [notesOf, setNotesOf] = useState<ReturnSearchRow | null>(null);
  const [downloading, setDownloading] = useState(false);

  const update = (change: Partial<ReturnsSearchState>, replace = false) =>
    setState((current) => ({ ...current, page: 0, ...change }), { replace });

  const typedSearch = state.type === 'orderNumber' ? '' : state.search;
  const [text, setText] = useState(typedSearch);
  const lastSent = useRef(typedSearch);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Back, a scan or the order filter changed the URL: show its search text.
  useEffect(() => {
    if (typedSearch !== lastSent.current) {
      lastSent.current = typedSearch;
      setText(typedSearch);
    }
  }, [typedSearch]);
  const send = (value: string) => {
    clearTimeout(timer.current);
    const term = value.trim();
    if (term === lastSent.current && state.type !== 'orderNumber') return;
    lastSent.current = term;
    update({ search: term, type: 'search' }, true);
  };
  const sendRef = useRef(send);
  sendRef.current = send;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // A return label scanned (or typed) into the box opens the return, as a scan elsewhere does.
    const scan = parseScan(text);
    if (scan.type === 'inboundReturn') {
      clearTimeout(timer.current);
      navigate(`/return/${scan.id}`);
      return;
    }
    send(text);
  };

  // What this handler takes is declared in ./help.ts (the ? reference); keep the two together.
  useScreenHelp(RETURNS_SEARCH_HELP);
  useScanHandler((scan, scanned) => {
    const action = returnSearchOfScan(scan, scanned);
    if (!action) return false;
    if ('open' in action) navigate(`/return/${action.open}`);
    else {
      clearTimeout(timer.current);
      update({ search: action.search, type: action.type });
    }
    return true;
  });

  const failed = list.isError;
  const rows = failed ? [] : (list.data?.rows ?? []);
  const first = state.page * RETURNS_PAGE_SIZE;
  const goToPage = (page: number) => {
    setState((current) => ({ ...current, page }));
    window.scrollTo({ top: 0 });
  };

  const download = async () => {
    setDownloading(true);
    try {
      const { count, truncated } = await downloadReturns(request, utcOffset);
      if (truncated) notify({ message: `Downloaded the first ${count.toLocaleString('en-US')} returns.` });
    } catch (error) {
      notify({
        color: 'red',
        message: error instanceof ApiError ? error.message : RETURNS_SEARCH_ERROR,
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchInput
            aria-label={RETURNS_SEARCH_PLACEHOLDER}
            placeholder={RETURNS_SEARCH_PLACEHOLDER}
            data-testid="returns-search"
            onClear={() => {
              setText('');
              send('');
            }}
            value={text}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setText(value);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => sendRef.current(value), SEARCH_DEBOUNCE_MS);
            }}
            onKeyDown={onKeyDown}
            style={{ flex: '1 1 320px', maxWidth: 480 }}
          />
          <Select
            aria-label="Return Status"
            data-testid="return-status-filter"
            placeholder={RETURN_STATUS_FILTER_PLACEHOLDER}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear return status' }}
            w={220}
            data={statusOptions(RETURN_STATUSES)}
            value={state.inboundReturnStatusId ? String(state.inboundReturnStatusId) : null}
            onChange={(value) => update({ inboundReturnStatusId: value ? Number(value) : 0 })}
          />
          <Select
            aria-label="Appeal Status"
            data-testid="appeal-status-filter"
            placeholder={APPEAL_STATUS_FILTER_PLACEHOLDER}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear appeal status' }}
            w={220}
            data={statusOptions(APPEAL_STATUSES)}
            value={state.inboundReturnAppealStatusId ? String(state.inboundReturnAppealStatusId) : null}
            onChange={(value) => update({ inboundReturnAppealStatusId: value ? Number(value) : 0 })}
          />
          <ReasonButton
            variant="default"
            loading={downloading}
            disabledReason={
              failed ? 'The list did not load' : rows.length === 0 && 'No returns match: nothing to download'
            }
            onClick={() => void download()}
            ml="auto"
          >
            Download
          </ReasonButton>
        </Group>
        {state.type === 'orderNumber' && state.search && (
          <Group mt="sm" gap="xs">
            <Badge
              size="lg"
              variant="light"
              tt="none"
              data-testid="order-filter"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label="Remove the order filter"
                  onClick={() => update({ search: '', type: 'search' })}
                />
              }
            >
              {orderNumberFilterLabel(state.search)}
            </Badge>
          </Group>
        )}
      </Paper>

      <Paper withBorder style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
        <Group justify="space-between" px="md" pt="sm">
          <Title order={3}>Returns</Title>
          {list.isFetching && <Loader size="xs" />}
        </Group>
        {list.isPending ? (
          <Group p="xl" justify="center" gap="xs">
            <Loader size="sm" />
            <Text c="dimmed">Loading...</Text>
          </Group>
        ) : rows.length === 0 ? (
          <Stack align="center" gap={4} p="xl" data-testid="returns-empty">
            <Text fw={600}>{failed ? RETURNS_SEARCH_ERROR : 'No Returns Found'}</Text>
            {!failed && (
              <Text size="sm" c="dimmed">
                {state.page > 0
                  ? 'There are no more returns on this page.'
                  : 'Try another search, or clear the status filters.'}
              </Text>
            )}
          </Stack>
        ) : (
          <ReturnsTable
            rows={rows}
            utcOffset={utcOffset}
            onOrderNumber={(orderNumber) => update({ search: orderNumber, type: 'orderNumber' })}
            onNotes={setNotesOf}
          />
        )}
      </Paper>

      {!list.isPending && !failed && (rows.length > 0 || state.page > 0) && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="returns-range">
            {rows.length ? `Returns ${first + 1}–${first + rows.length}` : ''}
          </Text>
          <PrevNextButtons
            page={state.page}
            hasMore={Boolean(list.data?.hasMore)}
            busy={list.isFetching}
            onPage={goToPage}
          />
        </Group>
      )}
      <ReturnNotesModal row={notesOf} onClose={() => setNotesOf(null)} />
    </Stack>
  );
}
