import type { SearchProduct } from '@backroom/shared';
import { Button, Table, Text } from '@mantine/core';

import type { ReactNode } from 'react';

import {
  activeImageCount,
  EDIT_LABELS,
  MODE_COLUMNS,
  nextReviewText,
  productEditPath,
  reviewedText,
  type SearchMode,
} from '../lib/search-modes';

interface SearchResultsTableProps {
  products: SearchProduct[];
  mode: SearchMode;
}

/** The cell of one spec column for one product. */
function cell(column: string, product: SearchProduct, mode: SearchMode): ReactNode {
  switch (column) {
    case 'SKU':
      return (
        <Text ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {product.sku}
        </Text>
      );
    case 'Edit':
      return (
        <Button
          size="xs"
          variant="light"
          // The product view opens in a new tab so the result list stays where it was.
          onClick={() => window.open(productEditPath(product.id, mode), '_blank', 'noopener')}
        >
          {EDIT_LABELS[mode]}
        </Button>
      );
    case 'Name':
      return product.name;
    case 'UPC':
      return product.upc ?? '';
    case 'MPN':
      return product.mpn ?? '';
    case 'Reviewed':
      return reviewedText(product.imagesReviewedAt);
    case 'Next Review':
      return nextReviewText(product.imagesNextReviewAt);
    case 'Images count':
      return activeImageCount(product.images);
    case 'Attributes count':
      return product.attributes.length;
    default:
      return null;
  }
}

/** The SEO page's results with the columns of the chosen mode (catalogue-admin.md §2.8). */
export function SearchResultsTable({ products, mode }: SearchResultsTableProps) {
  const columns = MODE_COLUMNS[mode];
  return (
    <Table striped highlightOnHover withTableBorder data-testid="search-results">
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column}>{column}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {products.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              <Text c="dimmed" ta="center" py="sm" data-testid="search-empty">
                No products match this search
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {products.map((product) => (
          <Table.Tr key={product.id} data-testid={`search-row-${product.id}`}>
            {columns.map((column) => (
              <Table.Td key={column}>{cell(column, product, mode)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
