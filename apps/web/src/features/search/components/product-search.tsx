import {
  type BarcodeSearchType,
  barcodeSearchType,
  type ScanType,
  type SearchProduct,
} from '@backroom/shared';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';

import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';

import { useScanHandler } from '../../../app/providers/scanner-provider';

import { useBrands, usePurchasingStatuses, useVendors } from '../../catalogue/api';

import { PurchasingStatusPicker, VendorPicker } from '../../catalogue/components/catalogue-pickers';

import { type ProductSearchRequest, SEARCH_DEBOUNCE_MS, SEARCH_PAGE_SIZE, useProductSearch } from '../api';
import { type CategoryOption, CategorySelect } from './category-select';

/** What the user asked for; paging and the caller's fixed filters are added to make a request. */
export interface SearchCriteria {
  search: string;
  brandId: number | null;
  categoryId: number | null;
  vendorId: number | null;
  purchasingStatusId: number | null;
}

export interface ProductSearchResults {
  products: SearchProduct[];
  /** Typing sets loading at once (§4.6), before the debounced call goes out. */
  loading: boolean;
  /** False until a search has been made: the caller shows 'Start a Search'. */
  searched: boolean;
  request: ProductSearchRequest | null;
}

export interface ProductSearchProps {
  title?: string;
  typeIds?: number[];
  activeIds?: number[];
  /** Search text to start with (a reload keeps the search through the URL). */
  initialSearch?: string;
  /** Server-side paging: the caller's page times 250. */
  offset?: number;
  /** Take barcode scans made outside the input fields as UPC searches. */
  acceptScans?: boolean;
  onResults: (results: ProductSearchResults) => void;
  /** A new search or a Reset: the caller goes back to its first page. `null` means no search. */
  onCriteriaChange?: (criteria: SearchCriteria | null) => void;
}

const toId = (value: string | null) => (value ? Number(value) : null);
/** Scans that name a product: a UPC (valid or not), and a code no system label pattern claims. */
const PRODUCT_SCANS = new Set<ScanType>(['upc', 'invalidUpc', 'error']);
const SCAN_TYPE_NAMES: Record<string, string> = { upc: 'UPC', sku: 'SKU', general: 'general' };

const toIds = (key: string | undefined) =>
  key === undefined ? undefined : key.split(',').filter(Boolean).map(Number);

/**
 * The reusable 'Product Search' control (catalogue-admin.md §2.8): a search bar, 'Advanced Search' and
 * 'Reset', and an advanced panel (brand, category, vendor, purchasing status). It runs the search and emits
 * the results; it shows no table.
 */
export function ProductSearch({
  title,
  typeIds,
  activeIds,
  initialSearch = '',
  offset = 0,
  acceptScans = false,
  onResults,
  onCriteriaChange,
}: ProductSearchProps) {
  const [text, setText] = useState(initialSearch);
  const [brandId, setBrandId] = useState<string | null>(null);
  const [category, setCategory] = useState<CategoryOption | null>(null);
  const [vendorId, setVendorId] = useState<number | null>(null);
  const [purchasingStatusId, setPurchasingStatusId] = useState<number | null>(null);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [typing, setTyping] = useState(false);
  /** The last scan's barcode search type; typing clears it. */
  const [scanType, setScanType] = useState<BarcodeSearchType | null>(null);
  const [criteria, setCriteria] = useState<SearchCriteria | null>(() =>
    initialSearch.trim() ? { ...emptyCriteria(), search: initialSearch.trim() } : null,
  );
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const brands = useBrands();
  const vendors = useVendors();
  const statuses = usePurchasingStatuses();

  // Callers pass array literals: key on their contents so a re-render is not a new request.
  const activeKey = activeIds?.join(',');
  const typeKey = typeIds?.join(',');
  const request = useMemo<ProductSearchRequest | null>(
    () =>
      criteria && {
        ...criteria,
        activeIds: toIds(activeKey),
        typeIds: toIds(typeKey),
        strip: true,
        limit: SEARCH_PAGE_SIZE,
        offset,
      },
    [criteria, activeKey, typeKey, offset],
  );
  const query = useProductSearch(request);

  const commit = (searchText: string) => {
    clearTimeout(timer.current);
    setTyping(false);
    setAdvancedOpen(false);
    const next: SearchCriteria = {
      search: searchText.trim(),
      brandId: toId(brandId),
      categoryId: category?.id ?? null,
      vendorId,
      purchasingStatusId,
    };
    const isEmpty = Object.values(next).every((v) => v === '' || v === null);
    setCriteria(isEmpty ? null : next);
    onCriteriaChange?.(isEmpty ? null : next);
  };
  // The debounce timer must run the latest commit (it reads the advanced selectors).
  const commitRef = useRef(commit);
  commitRef.current = commit;

  const type = (value: string) => {
    setText(value);
    setScanType(null);
    setTyping(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commitRef.current(value), SEARCH_DEBOUNCE_MS);
  };

  const reset = () => {
    clearTimeout(timer.current);
    setText('');
    setScanType(null);
    setBrandId(null);
    setCategory(null);
    setVendorId(null);
    setPurchasingStatusId(null);
    setTyping(false);
    setCriteria(null);
    onCriteriaChange?.(null);
  };

  // What this takes is declared in ./product-search-help.ts (the ? reference); keep the two together.
  // A product's barcode (UPC, a used variant's SKU, any code that is no system label) is searched, with its
  // search type by the Barcode search rule (catalogue-admin.md §5).
  useScanHandler((scan, raw) => {
    if (!acceptScans || !PRODUCT_SCANS.has(scan.type)) return false;
    const code = raw.trim();
    setScanType((last) => barcodeSearchType(code, last));
    setText(code);
    commitRef.current(code);
    return true;
  });

  const loading = typing || (request !== null && query.isLoading);
  const products = query.data;
  const emit = useRef(onResults);
  emit.current = onResults;
  useEffect(() => {
    emit.current({
      products: request && products ? products : [],
      loading,
      searched: request !== null || loading,
      request,
    });
  }, [products, loading, request]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit(text);
  };

  const chosen = [
    brandId && `Brand: ${brands.data?.find((b) => String(b.id) === brandId)?.name ?? brandId}`,
    category && `Category: ${category.path}`,
    vendorId && `Vendor: ${vendors.data?.find((v) => v.id === vendorId)?.name ?? vendorId}`,
    purchasingStatusId &&
      `Purchasing Status: ${statuses.data?.find((s) => s.id === purchasingStatusId)?.name ?? ''}`,
  ].filter((c): c is string => Boolean(c));

  return (
    <Stack gap="xs" data-testid="product-search">
      {title && <Title order={3}>{title}</Title>}
      <Group gap="md" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          aria-label="Search"
          placeholder="Search by SKU, UPC, Name, or MPN"
          value={text}
          onChange={(event) => type(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          description={scanType ? `Barcode search: ${SCAN_TYPE_NAMES[scanType] ?? scanType}` : undefined}
          inputWrapperOrder={['label', 'input', 'description']}
          autoFocus
        />
        <Anchor component="button" type="button" onClick={() => setAdvancedOpen((open) => !open)}>
          Advanced Search
        </Anchor>
        <Anchor component="button" type="button" onClick={reset}>
          Reset
        </Anchor>
      </Group>
      {!advancedOpen && chosen.length > 0 && (
        <Group gap="xs" data-testid="search-filters">
          {chosen.map((c) => (
            <Badge key={c} variant="light" style={{ textTransform: 'none' }}>
              {c}
            </Badge>
          ))}
        </Group>
      )}
      {advancedOpen && (
        <Paper withBorder p="md" data-testid="advanced-search">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <Select
              label="Brand:"
              placeholder="Any brand"
              data-testid="search-brand"
              searchable
              clearable
              data={(brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
              value={brandId}
              onChange={setBrandId}
              nothingFoundMessage="No brand found"
            />
            <CategorySelect value={category} onChange={setCategory} testId="search-category" />
            <VendorPicker data-testid="search-vendor" clearable value={vendorId} onChange={setVendorId} />
            <PurchasingStatusPicker
              data-testid="search-purchasing-status"
              clearable
              value={purchasingStatusId}
              onChange={setPurchasingStatusId}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button onClick={() => commit(text)}>Search</Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

function emptyCriteria(): SearchCriteria {
  return { search: '', brandId: null, categoryId: null, vendorId: null, purchasingStatusId: null };
}
