import {
  formatMoney,
  formatReportDate,
  isBelowMinimum,
  marketplaceListingUrl,
  PRICING_REPORT_COLUMNS,
  type PricingReportColumn,
  type PricingReportRow,
  type PricingSort,
  pricingEventTypeName,
  toCents,
} from '@backroom/shared';
import { Anchor, Group, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { GLOSSARY, type GlossaryTerm, glossaryDefinition } from '../../../../components/glossary';

const nowrap = { whiteSpace: 'nowrap' } as const;
const money = (dollars: number) => formatMoney(toCents(dollars));
/** Money columns read right-aligned. */
const NUMERIC = new Set<PricingReportColumn>(['Price', 'Minimum', 'MAP', 'Cost']);

interface PricingReportTableProps {
  rows: PricingReportRow[];
  utcOffset: string;
  sort: PricingSort;
  onSort(column: PricingReportColumn): void;
  onEnds(endsAt: string): void;
}

function SortHeader({
  column,
  sort,
  onSort,
}: { column: PricingReportColumn } & Pick<PricingReportTableProps, 'sort' | 'onSort'>) {
  const active = sort.column === column;
  // A trade abbreviation (MAP) gets the glossary tooltip as elsewhere (issue 19 §4): on the sort button itself,
  // since a focusable term inside a button would be a control inside a control.
  const term = column in GLOSSARY ? (column as GlossaryTerm) : null;
  const definition = term ? glossaryDefinition(term) : null;
  return (
    <Table.Th
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={{ ...nowrap, textAlign: NUMERIC.has(column) ? 'right' : undefined }}
    >
      <Tooltip
        label={definition}
        disabled={!definition}
        withArrow
        multiline
        maw={280}
        events={{ hover: true, focus: true, touch: true }}
      >
        <UnstyledButton
          onClick={() => onSort(column)}
          fw={700}
          fz="sm"
          title={definition ? undefined : `Sort by ${column}`}
          aria-description={definition ? `Sort by ${column}. ${definition}` : undefined}
          data-glossary={term ?? undefined}
        >
          <Group gap={4} wrap="nowrap" justify={NUMERIC.has(column) ? 'flex-end' : undefined}>
            {term ? (
              <abbr style={{ textDecoration: 'underline dotted', textUnderlineOffset: 3, cursor: 'help' }}>
                {column}
              </abbr>
            ) : (
              column
            )}
            {active && (
              <Text span size="xs" aria-hidden>
                {sort.direction === 'asc' ? '▲' : '▼'}
              </Text>
            )}
          </Group>
        </UnstyledButton>
      </Tooltip>
    </Table.Th>
  );
}

/**
 * The table 'Active Listing Event Listings' (catalogue-admin.md §2.7): Channel, SKU (opens the marketplace
 * listing in a new tab), Event, Ends (a click filters on that end time), Name, Price (flagged below the minimum),
 * Minimum (its hover explains it), MAP, Cost, Strategy and Pricing (the kind of event).
 */
export function PricingReportTable({ rows, utcOffset, sort, onSort, onEnds }: PricingReportTableProps) {
  return (
    <Table
      highlightOnHover
      horizontalSpacing="xs"
      verticalSpacing={6}
      stickyHeader
      stickyHeaderOffset={56}
      data-testid="pricing-table"
    >
      <Table.Thead>
        <Table.Tr>
          {PRICING_REPORT_COLUMNS.map((column) => (
            <SortHeader key={column} column={column} sort={sort} onSort={onSort} />
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const url = marketplaceListingUrl(row);
          const below = isBelowMinimum(row);
          return (
            <Table.Tr key={row.id} data-testid={`pricing-row-${row.id}`}>
              <Table.Td style={nowrap}>{row.channelName}</Table.Td>
              <Table.Td style={nowrap} data-testid="pricing-sku">
                {url ? (
                  <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
                    {row.listingSKU}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={600}>
                    {row.listingSKU}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" maw={130} truncate="end" title={row.pricingEventName}>
                  {row.pricingEventName}
                </Text>
              </Table.Td>
              <Table.Td style={nowrap}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  data-testid="pricing-ends"
                  title="Show only the listings of events ending then"
                  onClick={() => onEnds(row.pricingEventEndsAt)}
                >
                  {formatReportDate(row.pricingEventEndsAt, utcOffset)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" maw={180} truncate="end" title={row.productName}>
                  {row.productName}
                </Text>
              </Table.Td>
              <Table.Td style={{ ...nowrap, textAlign: 'right' }} data-testid="pricing-price">
                <Text
                  size="sm"
                  c={below ? 'red.8' : undefined}
                  fw={below ? 700 : undefined}
                  title={below ? 'Below the minimum' : undefined}
                >
                  {money(row.listingBroadcastPrice)}
                </Text>
              </Table.Td>
              <Table.Td style={{ ...nowrap, textAlign: 'right' }}>
                <Tooltip
                  label={row.pricingExplanation}
                  multiline
                  maw={520}
                  withArrow
                  style={{ whiteSpace: 'pre-line' }}
                >
                  <Text
                    size="sm"
                    span
                    td="underline dotted"
                    style={{ cursor: 'help' }}
                    data-testid="pricing-minimum"
                  >
                    {money(row.listingMinimumPrice)}
                  </Text>
                </Tooltip>
              </Table.Td>
              <Table.Td style={{ ...nowrap, textAlign: 'right' }}>{money(row.productMAP)}</Table.Td>
              <Table.Td style={{ ...nowrap, textAlign: 'right' }}>{money(row.productCost)}</Table.Td>
              <Table.Td style={nowrap}>{row.pricingStrategy ?? '—'}</Table.Td>
              <Table.Td style={nowrap}>{pricingEventTypeName(row)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
