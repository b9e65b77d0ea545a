import {
  type BaseProductQuery,
  COLLECTION_RESULT_COLUMNS,
  DEFAULT_HITS_PER_PAGE,
  formatResultCount,
  HITS_PER_PAGE_OPTIONS,
} from '@backroom/shared';
import { Anchor, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  CurrentRefinements,
  HitsPerPage,
  SearchBox,
  SortBy,
  useClearRefinements,
  useInfiniteHits,
  useInstantSearch,
  useStats,
} from 'react-instantsearch';
import { ReasonButton } from '../../../../components/reason-button';

// §2.6 Results panel: result count ('10k+' at 10000), product search box, sort, hits per page, current
// refinements, clear, infinite hits in the columns Brand, Name, Variations.

interface ProductHit {
  objectID: string;
  brand?: string | { name?: string } | null;
  name?: string;
  variations?: number | unknown[] | null;
  [key: string]: unknown;
}

const brandOf = (hit: ProductHit) =>
  typeof hit.brand === 'object' ? (hit.brand?.name ?? '') : (hit.brand ?? '');
const variationsOf = (hit: ProductHit) =>
  Array.isArray(hit.variations)
    ? hit.variations.length
    : typeof hit.variations === 'number'
      ? hit.variations
      : 0;

/** `onOpenProduct`: a result's name opens its attributes against the site (the attributes panel's site variant). */
export function ResultsPanel({
  base,
  onOpenProduct,
}: {
  base: BaseProductQuery;
  onOpenProduct: (productId: number) => void;
}) {
  const { nbHits } = useStats();
  const { status } = useInstantSearch();
  return (
    <Stack gap="xs" data-testid="results-panel">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600} data-testid="result-count">
          {formatResultCount(nbHits)} results
        </Text>
        <Group gap="xs">
          <SortBy items={base.sortBy} />
          {/* biome-ignore lint/a11y/noLabelWithoutControl: the widget renders its select inside, with no label of its own */}
          <label>
            <VisuallyHidden>Hits per page</VisuallyHidden>
            <HitsPerPage
              items={HITS_PER_PAGE_OPTIONS.map((value) => ({
                value,
                label: `${value} per page`,
                default: value === DEFAULT_HITS_PER_PAGE,
              }))}
            />
          </label>
        </Group>
      </Group>
      <SearchBox placeholder="Search products" />
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <CurrentRefinements />
        <ClearFilters />
      </Group>
      <Paper withBorder>
        <ResultsTable onOpenProduct={onOpenProduct} />
      </Paper>
      {status === 'loading' || status === 'stalled' ? (
        <Text c="dimmed" size="sm">
          Searching...
        </Text>
      ) : null}
    </Stack>
  );
}

function ResultsTable({ onOpenProduct }: { onOpenProduct: (productId: number) => void }) {
  const { items, isLastPage, showMore } = useInfiniteHits<ProductHit>();
  return (
    <>
      <Table striped data-testid="results-table">
        <Table.Thead>
          <Table.Tr>
            {COLLECTION_RESULT_COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((hit) => (
            <Table.Tr key={hit.objectID}>
              <Table.Td>{brandOf(hit)}</Table.Td>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  title="Open its attributes"
                  onClick={() => onOpenProduct(Number(hit.objectID))}
                >
                  {hit.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{variationsOf(hit)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!isLastPage && items.length > 0 && (
        <Group justify="center" p="xs">
          <button type="button" className="ais-InfiniteHits-loadMore" onClick={showMore}>
            Show more results
          </button>
        </Group>
      )}
    </>
  );
}

/** 'Clear' takes off every chosen filter; with none chosen it says so (issue 19 §2). */
function ClearFilters() {
  const { canRefine, refine } = useClearRefinements();
  return (
    <ReasonButton
      size="compact-sm"
      variant="default"
      disabledReason={canRefine ? null : 'No filter is chosen'}
      onClick={refine}
    >
      Clear
    </ReasonButton>
  );
}
