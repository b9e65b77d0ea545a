import {
  CheckIcon,
  Combobox,
  Group,
  InputBase,
  type InputBaseProps,
  Loader,
  ScrollArea,
  Text,
  useCombobox,
} from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { filterPickerOptions, optionForEnter, PICKER_LIMIT, type PickerOption } from './autocomplete-options';

export type { PickerOption } from './autocomplete-options';

export interface AutocompletePickerProps
  extends Pick<InputBaseProps, 'label' | 'description' | 'error' | 'required' | 'disabled' | 'w' | 'style'> {
  data: readonly PickerOption[];
  value: string | null;
  onChange: (value: string | null, option: PickerOption | null) => void;
  placeholder?: string;
  /** An × in the field clears the choice; clearing the text does too. */
  clearable?: boolean;
  /** The options are still loading: said instead of "nothing found". */
  loading?: boolean;
  nothingFoundMessage?: ReactNode;
  limit?: number;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * The shared autocomplete picker (catalogue-admin.md §2.11 "Shared pickers"): it filters its options
 * case-insensitively on their names and opens as the user types (or clicks, or presses ↓). ↑ and ↓ move
 * through the list, Enter chooses (the highlighted option, or the only match), Esc closes, and leaving the
 * field puts back the chosen option's name. Built on Mantine's Combobox, so it looks like the other selects.
 */
export function AutocompletePicker({
  data,
  value,
  onChange,
  placeholder,
  clearable = false,
  loading = false,
  nothingFoundMessage = 'Nothing found',
  limit = PICKER_LIMIT,
  'aria-label': ariaLabel,
  'data-testid': testId,
  ...inputProps
}: AutocompletePickerProps) {
  const combobox = useCombobox({
    // Typing changes the list: nothing stays highlighted until ↑ or ↓.
    onDropdownClose: () => combobox.resetSelectedOption(),
  });
  const selected = value === null ? null : (data.find((option) => option.value === value) ?? null);
  const selectedLabel = selected?.label ?? '';
  const [search, setSearch] = useState(selectedLabel);
  // Until the user types, the list shows every option (the chosen one among them), not just the chosen one.
  const [typed, setTyped] = useState(false);

  // A choice made elsewhere (Reset, a saved value, the options arriving) shows its name.
  useEffect(() => {
    setSearch(selectedLabel);
    setTyped(false);
  }, [selectedLabel]);

  const { options: listed, total } = filterPickerOptions(data, typed ? search : '', limit);

  const choose = (option: PickerOption) => {
    onChange(option.value, option);
    setSearch(option.label);
    setTyped(false);
    combobox.closeDropdown();
  };

  const clear = () => {
    onChange(null, null);
    setSearch('');
    setTyped(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Mantine chooses a highlighted option itself; with none highlighted, Enter takes the only match.
    if (event.key !== 'Enter' || !combobox.dropdownOpened) return;
    if (combobox.getSelectedOptionIndex() !== -1) return;
    const only = optionForEnter(listed, -1);
    if (only) {
      event.preventDefault();
      choose(only);
    }
  };

  const rightSection =
    clearable && value !== null && !inputProps.disabled ? (
      <Combobox.ClearButton onClear={clear} aria-label="Clear" />
    ) : loading ? (
      <Loader size={14} />
    ) : (
      <Combobox.Chevron />
    );

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(chosen) => {
        const option = data.find((o) => o.value === chosen);
        if (option) choose(option);
      }}
      withinPortal
    >
      <Combobox.Target>
        <InputBase
          {...inputProps}
          aria-label={ariaLabel}
          data-testid={testId}
          placeholder={placeholder}
          value={search}
          autoComplete="off"
          rightSection={rightSection}
          rightSectionPointerEvents={clearable && value !== null ? 'all' : 'none'}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setSearch(text);
            setTyped(true);
            combobox.openDropdown();
            combobox.resetSelectedOption();
            if (clearable && text === '' && value !== null) onChange(null, null);
          }}
          onClick={() => combobox.openDropdown()}
          onKeyDown={onKeyDown}
          onBlur={() => {
            combobox.closeDropdown();
            setSearch(selectedLabel);
            setTyped(false);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          <ScrollArea.Autosize mah={260} type="scroll">
            {listed.map((option) => (
              <Combobox.Option key={option.value} value={option.value} active={option.value === value}>
                <Group gap={6} wrap="nowrap">
                  {option.value === value ? <CheckIcon size={10} /> : <span style={{ width: 10 }} />}
                  <span>{option.label}</span>
                </Group>
              </Combobox.Option>
            ))}
            {listed.length === 0 && (
              <Combobox.Empty>{loading ? 'Loading...' : nothingFoundMessage}</Combobox.Empty>
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
        {total > listed.length && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              {total - listed.length} more: keep typing to narrow the list
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
