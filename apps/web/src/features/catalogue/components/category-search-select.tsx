import { CATALOGUE_DEBOUNCE_MS, type Category } from '@backroom/shared';
import { Select, type SelectProps } from '@mantine/core';

import { useDebouncedValue } from '@mantine/hooks';

import { useState } from 'react';

import { useCategorySearch } from '../api';

interface CategorySearchSelectProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  value: number | null;
  onChange: (category: Category | null) => void;
}

/** Searches the account's categories by path (POST category/search) as the user types. */
export function CategorySearchSelect({ value, onChange, ...props }: CategorySearchSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), CATALOGUE_DEBOUNCE_MS.search);
  const [opened, setOpened] = useState(props.defaultDropdownOpened ?? false);
  // Nothing is fetched until the list is opened or something is typed.
  const results = useCategorySearch(debounced, opened || debounced !== '');
  const categories = results.data ?? [];

  return (
    <Select
      searchable
      clearable
      placeholder="Search categories"
      nothingFoundMessage={results.isFetching ? 'Searching...' : 'No categories found'}
      {...props}
      data={categories.map((category) => ({ value: String(category.id), label: category.path }))}
      value={value ? String(value) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      // The server already matched the text; matching again here would hide its answers mid-typing.
      filter={({ options }) => options}
      onChange={(id) => onChange(categories.find((category) => String(category.id) === id) ?? null)}
    />
  );
}
