import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useScreenHelp } from '../../../../app/help/screen-help';
import { PrevNextButtons } from '../../../../components/pagination';
import { usePageTitle } from '../../../../lib/use-page-title';
import { SEARCH_PAGE_SIZE } from '../../api';
import {
  ProductSearch,
  type ProductSearchResults,
  type SearchCriteria,
} from '../../components/product-search';
import { PRODUCT_SEARCH_HELP } from '../../components/product-search-help';
import { SearchResultsTable } from '../../components/search-results-table';
import { MODE_LABELS, parseMode, SEARCH_MODES, type SearchMode } from '../../lib/search-modes';

/** "the basic page sends [1]" (catalogue-admin.md §7 Search): active products only. */
const ACTIVE_ONLY = [1];

const NO_RESULTS: ProductSearchResults = { products: [], loading: false, searched: false, request: null };

/**
 * Universal search, SEO tools (catalogue-admin.md §2.8) at /tools/universal. The search text and the
 * result mode live in the URL (?q=…&mode=…), so a reload or a shared link keeps them.
 */
export function UniversalSearchPage() {
  usePageTitle('SEO');
  useScreenHelp(PRODUCT_SEARCH_HELP);
  const [params, setParams] = useSearchParams();
  const mode = parseMode(params.get('mode'));
  const [initialSearch] = useState(() => params.get('q') ?? '');
  const [page, setPage] = useState(0);
  const [results, setResults] = useState<ProductSearchResults>(NO_RESULTS);

  const setParam = useCallback(
    (key: string, value: string) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const onCriteriaChange = (criteria: SearchCriteria | null) => {
    setPage(0);
    setParam('q', criteria?.search ?? '');
  };

  const count = results.products.length;
  const first = page * SEARCH_PAGE_SIZE;
  // The server does not count matches: a full page means there may be another.
  const hasNext = count === SEARCH_PAGE_SIZE;

  return (
    <Stack>
      <div>
        <Title order={2}>SEO</Title>
        <Text size="sm" c="dimmed" data-testid="page-purpose">
          Product search: find any active product by SKU, UPC, name or MPN, then review its basic details,
          images, attributes or search-engine text (the four modes) and open it to edit.
        </Text>
      </div>
      <ProductSearch
        activeIds={ACTIVE_ONLY}
        initialSearch={initialSearch}
        offset={first}
        acceptScans
        onResults={setResults}
        onCriteriaChange={onCriteriaChange}
      />
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Result mode"
          data-testid="search-mode"
          value={mode}
          onChange={(value) => setParam('mode', value)}
          data={SEARCH_MODES.map((m: SearchMode) => ({ value: m, label: MODE_LABELS[m] }))}
        />
        {results.searched && !results.loading && (count > 0 || page > 0) && (
          <Group gap="xs">
            <Text size="sm" c="dimmed" data-testid="search-range">
              {count > 0 ? `${first + 1}–${first + count}` : 'No more products'}
            </Text>
            <PrevNextButtons page={page} hasMore={hasNext} onPage={setPage} />
          </Group>
        )}
      </Group>
      {!results.searched ? (
        <Stack gap={4} data-testid="search-empty">
          <Text c="dimmed">Start a Search</Text>
          <Text size="sm" c="dimmed">
            Type a SKU, UPC, name or MPN above, or scan a product barcode; Advanced Search narrows by brand,
            category, vendor or purchasing status. The matching products appear here, shown the way the mode
            above says.
          </Text>
        </Stack>
      ) : results.loading ? (
        <Text c="dimmed">Searching...</Text>
      ) : (
        <SearchResultsTable products={results.products} mode={mode} />
      )}
    </Stack>
  );
}
