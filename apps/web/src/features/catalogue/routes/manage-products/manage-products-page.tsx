import {
  MANAGE_PRODUCTS_MAX,
  manageProductsPath,
  type Product,
  parseProductIds,
  toolbarBulkActions,
  tooManyProductsMessage,
} from '@backroom/shared';
import { Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';

import dayjs from 'dayjs';
import { useState } from 'react';

import { useNavigate, useSearchParams } from 'react-router';

import { useScreenHelp } from '../../../../app/help/screen-help';

import { ReasonButton } from '../../../../components/reason-button';

import { usePageTitle } from '../../../../lib/use-page-title';

import { whyNot } from '../../../../lib/why-not';

import { useMe } from '../../../auth/api';

import { ProductSearch, type ProductSearchResults } from '../../../search/components/product-search';

import { MANAGE_PRODUCTS_HELP } from '../../../search/components/product-search-help';

import { useProductsByIds } from '../../api';
import { MANAGE_COLUMN_VIEW } from '../../lib/brand-columns';

import {
  EditableProductList,
  EditableProductListFrame,
  useEditableProductList,
} from '../brand-products/editable-product-list';

const BLOCKED_TITLE = 'Save or Discard Changes';
/** One empty list for every render: the edits take a new array as a new list. */
const NO_PRODUCTS: Product[] = [];

/**
 * Manage products (catalogue-admin.md §2.4): chosen products with the whole bulk toolbar (DIM, Clearance and,
 * with adminUserAccess, Trained Shipping beside the brand page's actions). Products come from the URL
 * (/manage/products?productIds=1,2&execute=true, the link other screens open) or from a product search.
 */
export function ManageProductsPage() {
  usePageTitle('Manage Products');
  useScreenHelp(MANAGE_PRODUCTS_HELP);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const me = useMe().data;
  const ids = parseProductIds(params.get('productIds'));
  const execute = params.get('execute') === 'true';
  const tooMany = ids.length > MANAGE_PRODUCTS_MAX;
  const loaded = execute && !tooMany ? ids : [];
  const products = useProductsByIds(loaded);
  const list = useEditableProductList(loaded.length ? products.data : NO_PRODUCTS, MANAGE_COLUMN_VIEW);
  const pending = list.edits.hasChanges();

  const [idText, setIdText] = useState(() => ids.join(', '));
  const [results, setResults] = useState<ProductSearchResults | null>(null);
  // A new list replaces the one shown; the product drawer closes with it.
  const show = (next: number[]) => {
    setIdText(next.join(', '));
    navigate(next.length ? manageProductsPath(next) : '/manage/products');
  };
  const found = results?.products ?? [];
  const adding = found.filter((p) => !ids.includes(p.id)).map((p) => p.id);
  const missing = products.data ? loaded.length - products.data.length : 0;

  let body: React.ReactNode;
  if (tooMany) {
    body = <Text c="red">{tooManyProductsMessage(ids.length)}</Text>;
  } else if (ids.length === 0) {
    body = <Text c="dimmed">Search for products above, or enter product ids, to manage them here.</Text>;
  } else if (!execute) {
    body = <Text c="dimmed">{`${ids.length} product ids given: press Load Products to open them.`}</Text>;
  } else if (products.isError) {
    body = <Text c="red">The products could not be loaded.</Text>;
  } else if (products.isPending) {
    body = <Text c="dimmed">Loading Products...</Text>;
  } else if (list.source.length === 0) {
    body = <Text c="dimmed">No Products Found</Text>;
  } else {
    body = (
      <EditableProductList
        list={list}
        choices={toolbarBulkActions({ adminUserAccess: me?.adminUserAccess ?? false })}
        beside={
          missing > 0 && (
            <Text c="orange.8" data-testid="missing-products">
              {`${missing} of ${loaded.length} products not found`}
            </Text>
          )
        }
        exportNames={{ file: `manage-products-${dayjs().format('YYYY-MM-DD')}.xlsx`, sheet: 'Products' }}
        onQueueCreated={() => {}}
      />
    );
  }

  return (
    <EditableProductListFrame list={list}>
      <Stack gap="sm">
        <div>
          <Title order={2}>Manage Products</Title>
          <Text size="sm" c="dimmed" data-testid="page-purpose">
            Find products across every brand, pick some, and change them together: dimensions, clearance,
            shipping training, harmonized codes.
          </Text>
        </div>
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <ProductSearch title="Find Products" acceptScans onResults={setResults} />
            {results?.searched && (
              <Group gap="md">
                <Text c="dimmed" data-testid="search-found">
                  {results.loading ? 'Searching...' : `${found.length} found`}
                </Text>
                <ReasonButton
                  variant="light"
                  disabledReason={whyNot(
                    [pending, BLOCKED_TITLE],
                    [adding.length === 0, 'Every product found is on the list already'],
                    [
                      ids.length + adding.length > MANAGE_PRODUCTS_MAX,
                      `The list holds at most ${MANAGE_PRODUCTS_MAX} products`,
                    ],
                  )}
                  onClick={() => show([...ids, ...adding])}
                >
                  {`Add ${adding.length} ${adding.length === 1 ? 'Product' : 'Products'} to the List`}
                </ReasonButton>
              </Group>
            )}
            <Group gap="md" align="flex-end">
              <TextInput
                label="Product IDs"
                style={{ flex: 1 }}
                placeholder="12, 15, 31"
                value={idText}
                onChange={(event) => setIdText(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !pending) show(parseProductIds(idText));
                }}
              />
              <ReasonButton
                disabledReason={whyNot(
                  [pending, BLOCKED_TITLE],
                  [parseProductIds(idText).length === 0, 'Type the product IDs to load first'],
                )}
                onClick={() => show(parseProductIds(idText))}
              >
                Load Products
              </ReasonButton>
              <ReasonButton
                variant="default"
                disabledReason={whyNot([pending, BLOCKED_TITLE], [ids.length === 0, 'The list is empty'])}
                onClick={() => show([])}
              >
                Clear List
              </ReasonButton>
            </Group>
          </Stack>
        </Paper>
        {body}
      </Stack>
    </EditableProductListFrame>
  );
}
