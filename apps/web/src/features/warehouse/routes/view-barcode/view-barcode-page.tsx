// catalogue-admin.md §2.9: the recondition table's Location and UPC open /backroom/chaos?barcode=/{barcode}/
// ('Open in View Barcode (New Tab)'). This is that view: a division's barcode shows the division and the units
// stored in it; any other barcode (a UPC) shows the products it finds.
import { Anchor, Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useProductSearch } from '../../../search/api';
import { lookupDivision, useDivisionUnits } from '../../api';
import { DivisionUnitsTable } from '../../components/division-units-table';

/** The barcode of `?barcode=/{barcode}/` (the slashes are the link's own, not the barcode's). */
export function barcodeOf(param: string | null): string {
  return (param ?? '').trim().replace(/^\/+|\/+$/g, '');
}

export function ViewBarcodePage() {
  usePageTitle('View Barcode');
  const [params] = useSearchParams();
  const barcode = barcodeOf(params.get('barcode'));
  const division = useQuery({
    queryKey: ['viewBarcode', barcode],
    queryFn: async () => {
      try {
        return await lookupDivision(barcode);
      } catch {
        return null;
      }
    },
    enabled: barcode !== '',
  });
  const found = division.data ?? null;
  const units = useDivisionUnits(found ? found.barcode : null);
  const products = useProductSearch(division.isSuccess && !found ? { search: barcode } : null);

  return (
    <Stack>
      <Title order={2}>View Barcode</Title>
      <Group gap="xs">
        <Text fw={600}>Barcode</Text>
        <Badge size="lg" variant="light" style={{ textTransform: 'none' }} data-testid="viewed-barcode">
          {barcode || '—'}
        </Badge>
      </Group>
      {barcode === '' ? (
        <Text c="dimmed">No barcode given.</Text>
      ) : division.isPending ? (
        <Loader size="sm" />
      ) : found ? (
        <Paper withBorder p="sm" data-testid="viewed-division">
          <Stack gap="xs">
            <Text>
              Division {found.barcode}
              {found.name ? ` — ${found.name}` : ''} ({found.level})
            </Text>
            <DivisionUnitsTable units={units.data} third="UPC" testId="viewed-units" />
          </Stack>
        </Paper>
      ) : products.isPending ? (
        <Loader size="sm" />
      ) : (products.data ?? []).length === 0 ? (
        <Text c="dimmed">Nothing has barcode {barcode}.</Text>
      ) : (
        <Table striped withTableBorder fz="sm" data-testid="viewed-products">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>SKU</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>UPC</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(products.data ?? []).map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Anchor
                    href={`/manage/products?productIds=${p.id}&execute=true`}
                    target="_blank"
                    title="Open in Manage Products (New Tab)"
                  >
                    {p.sku}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.upc}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
