import {
  CATALOGUE_DEBOUNCE_MS,
  canApply,
  MARKETPLACE_CATEGORY_CHANGE_LABEL,
  MARKETPLACE_SITE_IDS,
  MARKETPLACES,
  marketplaceCategoryChangedMessage,
  marketplaceCategoryWarning,
  marketplaceName,
  SITE_CATEGORY_SUGGESTIONS_ERROR,
  type SiteCategory,
  selectedMarketplaces,
  suggestionCategoryIds,
} from '@backroom/shared';
import {
  ActionIcon,
  Button,
  Loader,
  MultiSelect,
  Popover,
  Select,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';

import { useDebouncedValue } from '@mantine/hooks';

import { useState } from 'react';

import { notify } from '../../../../lib/notify';

import { siteCategorySuggestions, useChangeSiteCategory, useSiteCategorySearch } from '../../api';
import { EarIcon } from '../../components/icons';

import type { EditableProduct } from '../../lib/brand-edits';

type Chosen = Pick<SiteCategory, 'id' | 'siteId' | 'path'>;
interface Suggestion extends Chosen {
  categoryName: string;
}

/**
 * The marketplace category action (§2.4, §5, §7): marketplaces to work on, a site category search, the
 * suggestions of the ear icon (right-click), the '>1 Marketplace Selected' warning and 'Change', which lists
 * every selected product under the chosen category at once (all or nothing).
 */
export function MarketplaceCategoryAction({
  products,
  adminUserAccess,
}: {
  products: Pick<EditableProduct, 'id' | 'categoryId'>[];
  adminUserAccess: boolean;
}) {
  const [picked, setPicked] = useState<number[]>([]);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), CATALOGUE_DEBOUNCE_MS.search);
  const results = useSiteCategorySearch(debounced, picked, opened || debounced !== '');
  const save = useChangeSiteCategory();
  const saving = save.isPending;

  const marketplaceIds = selectedMarketplaces(picked, chosen?.siteId);
  const warning = marketplaceCategoryWarning(marketplaceIds.length);
  const enabled =
    !saving &&
    canApply(
      'marketplaceCategory',
      { siteCategoryId: chosen?.id ?? null, marketplaceIds },
      { selectedCount: products.length, adminUserAccess },
    );

  const options = [...(results.data ?? [])];
  if (chosen && !options.some((o) => o.id === chosen.id))
    options.unshift({ ...chosen, siteName: marketplaceName(chosen.siteId) } as SiteCategory);
  const groups = MARKETPLACES.map((m) => ({
    group: m.name,
    items: options.filter((o) => o.siteId === m.siteId).map((o) => ({ value: String(o.id), label: o.path })),
  })).filter((g) => g.items.length > 0);

  const change = () => {
    if (!chosen) return;
    save.mutate(
      { siteCategoryId: chosen.id, productIds: products.map((p) => p.id) },
      {
        onSuccess: () =>
          notify({
            color: 'green',
            message: marketplaceCategoryChangedMessage(chosen.siteId, products.length),
          }),
      },
    );
  };

  return (
    <>
      <MultiSelect
        label="Marketplaces"
        placeholder={picked.length ? undefined : 'All Marketplaces'}
        w={230}
        data-testid="marketplace-select"
        data={MARKETPLACES.map((m) => ({ value: String(m.siteId), label: m.name }))}
        value={picked.map(String)}
        onChange={(values) => setPicked(values.map(Number))}
      />
      <Select
        label="Marketplace Category"
        placeholder="Search marketplace categories"
        searchable
        clearable
        w={400}
        data-testid="site-category-select"
        nothingFoundMessage={results.isFetching ? 'Searching...' : 'No marketplace categories found'}
        data={groups}
        value={chosen ? String(chosen.id) : null}
        searchValue={search}
        onSearchChange={setSearch}
        onDropdownOpen={() => setOpened(true)}
        filter={({ options: all }) => all}
        onChange={(id) => setChosen(options.find((o) => String(o.id) === id) ?? null)}
      />
      <SuggestionsButton products={products} picked={picked} onChoose={setChosen} />
      <Button disabled={!enabled} loading={saving} onClick={change}>
        {MARKETPLACE_CATEGORY_CHANGE_LABEL}
      </Button>
      {warning && (
        <Text c="orange.8" fw={600} mb={6} data-testid="marketplace-warning">
          {warning}
        </Text>
      )}
    </>
  );
}

/** The ear icon (right-click, click or Enter) and its popover of suggested site categories to choose. */
function SuggestionsButton({
  products,
  picked,
  onChoose,
}: {
  products: Pick<EditableProduct, 'id' | 'categoryId'>[];
  picked: number[];
  onChoose: (category: Suggestion) => void;
}) {
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  const [suggesting, setSuggesting] = useState(false);

  const suggest = async () => {
    setSuggestions([]);
    setSuggesting(true);
    const categoryIds = suggestionCategoryIds(products);
    try {
      const sites = picked.length ? picked : [...MARKETPLACE_SITE_IDS];
      const answers = categoryIds.length
        ? await Promise.all(sites.map((siteId) => siteCategorySuggestions(siteId, categoryIds)))
        : [];
      setSuggestions(
        answers.flat().map((s) => ({
          id: s.siteCategory.id,
          siteId: s.siteCategory.siteId,
          path: s.siteCategory.path,
          categoryName: s.categoryName,
        })),
      );
    } catch {
      setSuggestions([]);
      notify({ color: 'red', message: SITE_CATEGORY_SUGGESTIONS_ERROR });
    } finally {
      setSuggesting(false);
    }
  };

  return (
    <Popover
      opened={suggestions !== null}
      onChange={(open) => !open && setSuggestions(null)}
      position="bottom-end"
      shadow="md"
      withArrow
      width={440}
    >
      <Popover.Target>
        <ActionIcon
          variant="light"
          size="lg"
          mb={1}
          aria-label="Suggested marketplace categories"
          title="Right-click for suggested marketplace categories"
          // Right-click as the spec says; a click or Enter too, so the keyboard gets there.
          onClick={suggest}
          onContextMenu={(event) => {
            event.preventDefault();
            void suggest();
          }}
        >
          <EarIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid="site-category-suggestions">
        {suggesting ? (
          <Loader size="sm" />
        ) : suggestions?.length ? (
          <Stack gap={4}>
            {suggestions.map((s) => (
              <UnstyledButton
                key={s.id}
                p={4}
                onClick={() => {
                  onChoose(s);
                  setSuggestions(null);
                }}
              >
                <Text size="sm">
                  <b>{marketplaceName(s.siteId)}</b> · {s.path}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {suggestionCategoryIds(products).length
              ? 'No suggestions for these products.'
              : 'The selected products have no category to suggest from.'}
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
