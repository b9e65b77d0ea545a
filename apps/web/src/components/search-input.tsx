import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { SearchIcon } from '../features/orders/components/icons';

/**
 * A list screen's search field: the search icon, and while it holds text a button that clears it (`onClear`);
 * `emptyHint` shows in its place while the field is empty (e.g. the key that focuses it).
 */
export function SearchInput({
  value,
  onClear,
  emptyHint = null,
  ref,
  ...props
}: Omit<TextInputProps, 'value' | 'leftSection' | 'rightSection'> & {
  value: string;
  onClear: () => void;
  emptyHint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <TextInput
      ref={ref}
      leftSection={<SearchIcon />}
      rightSection={value ? <CloseButton size="sm" aria-label="Clear search" onClick={onClear} /> : emptyHint}
      value={value}
      {...props}
    />
  );
}
