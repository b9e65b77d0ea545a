import { Badge, Button, Checkbox, CloseButton, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { TablePagination } from '../../../../components/pagination';
import { BRAND_COLUMN_LABELS } from '../../lib/brand-columns';
import type { BrandTable } from './use-brand-table';

interface ListControlsProps {
  brandTable: BrandTable;
  exporting: boolean;
  onExport: () => void;
}

/** Filter box, family filter, column toggles, export and paging. */
export function ListControls({ brandTable, exporting, onExport }: ListControlsProps) {
  const { table, rows, filter, setFilter, family, setFamily } = brandTable;
  const { pageIndex, pageSize } = table.getState().pagination;
  const total = rows.length;
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);

  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <TextInput
          aria-label="Filter products"
          placeholder="Filter by SKU, Name or UPC"
          w={260}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          rightSection={
            filter ? <CloseButton aria-label="Clear filter" onClick={() => setFilter('')} /> : null
          }
        />
        {family !== null && (
          <Badge
            size="lg"
            variant="light"
            data-testid="family-filter"
            rightSection={
              <CloseButton size="xs" aria-label="Clear family filter" onClick={() => setFamily(null)} />
            }
          >
            Family {family}
          </Badge>
        )}
        <Popover position="bottom-start" shadow="md" withArrow>
          <Popover.Target>
            <Button variant="default">Columns</Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap={6}>
              {brandTable.columnOrder.map((id) => {
                const column = table.getColumn(id);
                return (
                  <Checkbox
                    key={id}
                    label={BRAND_COLUMN_LABELS[id]}
                    checked={column?.getIsVisible() ?? false}
                    onChange={(event) => column?.toggleVisibility(event.currentTarget.checked)}
                  />
                );
              })}
            </Stack>
          </Popover.Dropdown>
        </Popover>
        <Button variant="default" loading={exporting} disabled={total === 0} onClick={onExport}>
          Export
        </Button>
      </Group>
      <Group gap="sm">
        <Text size="sm" c="dimmed" data-testid="page-range">
          {first}–{last} of {total}
        </Text>
        <TablePagination
          size="sm"
          total={table.getPageCount()}
          value={pageIndex + 1}
          onChange={(page) => table.setPageIndex(page - 1)}
        />
      </Group>
    </Group>
  );
}
