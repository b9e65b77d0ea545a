import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useCategorySearch } from '../../catalogue/api';

/** A chosen category: its id is what a search sends, its path is what the user reads. */
export interface CategoryOption {
  id: number;
  path: string;
}

/** Typing pauses this long before asking the server for categories. */
const CATEGORY_SEARCH_DEBOUNCE_MS = 250;

interface CategorySelectProps {
  value: CategoryOption | null;
  onChange: (value: CategoryOption | null) => void;
  label?: string;
  testId?: string;
}

/**
 * Category autocomplete over POST category/search: opens on input, case-insensitive, arrows / Enter / Esc
 * (Mantine's combobox). The options are the categories' paths; the value is the category id.
 */
export function CategorySelect({ value, onChange, label = 'Category:', testId }: CategorySelectProps) {
  const [search, setSearch] = useState(value?.path ?? '');
  const [debounced] = useDebouncedValue(search, CATEGORY_SEARCH_DEBOUNCE_MS);
  // With a category chosen the box shows its path: list the neighbours too, not just that one.
  const categories = useCategorySearch(debounced === value?.path ? '' : debounced.trim());

  const data = useMemo(() => {
    const options = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.path }));
    // The chosen category stays an option, or the box would lose its label when the list moves on.
    if (value && !options.some((o) => o.value === String(value.id))) {
      options.unshift({ value: String(value.id), label: value.path });
    }
    return options;
  }, [categories.data, value]);

  return (
    <Select
      label={label}
      placeholder="Type to find a category"
      data-testid={testId}
      searchable
      clearable
      data={data}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id, option) => onChange(id ? { id: Number(id), path: option.label } : null)}
      nothingFoundMessage={categories.isFetching ? 'Loading...' : 'No category found'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
