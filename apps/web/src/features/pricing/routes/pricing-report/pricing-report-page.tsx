import {
  filterPricingRows,
  formatReportDate,
  PRICING_REPORT_FILTERS,
  PRICING_REPORT_PAGE_SIZE,
  PRICING_REPORT_TITLE,
  type PricingFilterKey,
  type PricingReportColumn,
  type PricingSummary,
  sortPricingRows,
  summarizePricingRows,
} from '@backroom/shared';
import {
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TablePagination } from '../../../../components/pagination';
import { notify } from '../../../../lib/notify';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useMe } from '../../../auth/api';
import { usePricingReport } from '../../api';
import { downloadPricingReport } from './download-pricing-report';
import { PricingReportTable } from './pricing-report-table';
import { paramsFromState, type ReportState, stateFromParams } from './report-params';

/** Which summary lists each filter's options, and the test id of its count badge. */
const FILTER_SUMMARY: Record<
  PricingFilterKey,
  { summary: 'pricingEvents' | 'brands' | 'channels'; testId: string }
> = {
  pricingEventIds: { summary: 'pricingEvents', testId: 'events' },
  brandIds: { summary: 'brands', testId: 'brands' },
  channelIds: { summary: 'channels', testId: 'channels' },
};

const options = (summaries: PricingSummary[]) =>
  summaries.map((s) => ({ value: String(s.id), label: s.name }));

/**
 * Pricing event report (catalogue-admin.md §2.7): 'Active Listing Event Listings', the listings of the events
 * running now. Three multi-selects (Listing Events, Brands, Channels) narrow the list, each offering what the
 * other two leave and badged with how many the list shows, beside a badge counting its products; a click on an
 * Ends value keeps the events ending then. Sorted by event end ascending unless a header says otherwise, 250 rows
 * a page; 'Download' writes every row the filters keep. The filters, sort and page are kept in the address's query.
 */
export function PricingReportPage() {
  usePageTitle(PRICING_REPORT_TITLE);
  const utcOffset = useMe().data!.currentAccount.utcOffset;
  const report = usePricingReport();
  const [params, setParams] = useSearchParams();
  // The screen's own state, read from the address once and written back to it (replacing, not adding history):
  // a navigation is a transition React may apply late, and two quick picks must not lose the first.
  const [state, setState] = useState(() => stateFromParams(params));
  const query = paramsFromState(state).toString();
  useEffect(() => {
    if (query !== window.location.search.replace(/^\?/, ''))
      setParams(new URLSearchParams(query), { replace: true });
  }, [query, setParams]);
  const [downloading, setDownloading] = useState(false);
  const setFilter = (change: Partial<ReportState['filters']>) =>
    setState((current) => ({ ...current, page: 0, filters: { ...current.filters, ...change } }));

  // §8: a failed call shows no message; the list is empty.
  const all = report.isError ? [] : (report.data ?? []);
  const everything = useMemo(() => summarizePricingRows(all), [all]);
  const shown = useMemo(
    () => sortPricingRows(filterPricingRows(all, state.filters), state.sort),
    [all, state.filters, state.sort],
  );
  const shownSummary = useMemo(() => summarizePricingRows(shown), [shown]);
  const pages = Math.max(1, Math.ceil(shown.length / PRICING_REPORT_PAGE_SIZE));
  const page = Math.min(state.page, pages - 1);
  const first = page * PRICING_REPORT_PAGE_SIZE;
  const pageRows = shown.slice(first, first + PRICING_REPORT_PAGE_SIZE);

  const filterOptions = (key: PricingFilterKey) => {
    const { summary } = FILTER_SUMMARY[key];
    const offered = summarizePricingRows(filterPricingRows(all, state.filters, key))[summary];
    // A chosen value stays listed even where the other filters leave none of its rows.
    const chosen = everything[summary].filter(
      (s) => state.filters[key].includes(s.id) && !offered.some((o) => o.id === s.id),
    );
    return options([...offered, ...chosen]);
  };

  const onSort = (column: PricingReportColumn) =>
    setState((current) => ({
      ...current,
      page: 0,
      sort: {
        column,
        direction: current.sort.column === column && current.sort.direction === 'asc' ? 'desc' : 'asc',
      },
    }));

  const download = async () => {
    setDownloading(true);
    try {
      await downloadPricingReport(shown, utcOffset);
    } catch (error) {
      notify({ color: 'red', message: `Download failed: ${(error as Error).message}` });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group justify="space-between" align="center" mb="sm">
          <Group gap="sm">
            <Title order={2}>{PRICING_REPORT_TITLE}</Title>
            <Badge size="lg" variant="light" color="grape" tt="none" data-testid="products-count">
              {shownSummary.products.length} Products
            </Badge>
            {report.isFetching && <Loader size="xs" aria-label="Loading" />}
          </Group>
          <Button
            variant="default"
            loading={downloading}
            disabled={report.isPending || shown.length === 0}
            onClick={() => void download()}
          >
            Download
          </Button>
        </Group>
        <Group gap="sm" align="flex-start" wrap="wrap">
          {PRICING_REPORT_FILTERS.map(({ key, label, placeholder }) => {
            const { summary, testId } = FILTER_SUMMARY[key];
            return (
              <MultiSelect
                key={key}
                label={
                  <Group gap={6} component="span" wrap="nowrap">
                    {label}
                    <Badge size="sm" variant="light" circle={false} data-testid={`${testId}-count`}>
                      {shownSummary[summary].length}
                    </Badge>
                  </Group>
                }
                aria-label={label}
                data-testid={`${testId}-filter`}
                placeholder={state.filters[key].length ? undefined : placeholder}
                searchable
                clearable
                clearButtonProps={{ 'aria-label': `Clear ${label}` }}
                hidePickedOptions
                maxDropdownHeight={320}
                w={300}
                data={filterOptions(key)}
                value={state.filters[key].map(String)}
                onChange={(values) => setFilter({ [key]: values.map(Number) })}
                comboboxProps={{ withinPortal: true }}
              />
            );
          })}
        </Group>
        {state.filters.endsAt && (
          <Group mt="sm" gap="xs">
            <Badge
              size="lg"
              variant="light"
              tt="none"
              data-testid="ends-filter"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label="Remove the end time filter"
                  onClick={() => setFilter({ endsAt: null })}
                />
              }
            >
              Ends = {formatReportDate(state.filters.endsAt, utcOffset)}
            </Badge>
          </Group>
        )}
      </Paper>

      <Paper withBorder>
        {report.isPending ? (
          <Group p="xl" justify="center" gap="xs" data-testid="pricing-loading">
            <Loader size="sm" />
            <Text c="dimmed">Loading...</Text>
          </Group>
        ) : (
          <PricingReportTable
            rows={pageRows}
            utcOffset={utcOffset}
            sort={state.sort}
            onSort={onSort}
            onEnds={(endsAt) => setFilter({ endsAt })}
          />
        )}
      </Paper>

      {shown.length > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="pricing-range">
            Listings {first + 1}–{first + pageRows.length} of {shown.length}
          </Text>
          <TablePagination
            total={pages}
            value={page + 1}
            onChange={(value) => {
              setState((current) => ({ ...current, page: value - 1 }));
              window.scrollTo({ top: 0 });
            }}
            size="sm"
          />
        </Group>
      )}
    </Stack>
  );
}
