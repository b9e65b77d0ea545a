import { Group, Kbd, MultiSelect, Select } from '@mantine/core';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { SearchInput } from '../../../../components/search-input';
import { type OrderSearch, useSalesChannels, useSystemStatuses } from '../../api';
import { groupedStatusOptions } from '../../lib/status-groups';

/** Typing waits this long before it searches; Enter searches at once. */
export const SEARCH_DEBOUNCE_MS = 300;

interface OrdersFiltersProps {
  search: OrderSearch;
  onChange(change: Partial<Omit<OrderSearch, 'page'>>): void;
  searchRef: RefObject<HTMLInputElement | null>;
  /** ArrowDown in the search box moves into the results. */
  onArrowDown(): void;
}

interface OrdersSearchInputProps {
  searchTerm: string;
  onSearch(term: string): void;
  searchRef: RefObject<HTMLInputElement | null>;
  onArrowDown(): void;
}

/**
 * The search box: searches SEARCH_DEBOUNCE_MS after typing stops, at once on Enter; Escape or the clear button
 * empties it, ArrowDown moves into the results.
 */
function OrdersSearchInput({ searchTerm, onSearch, searchRef, onArrowDown }: OrdersSearchInputProps) {
  const [text, setText] = useState(searchTerm);
  const lastSent = useRef(searchTerm);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (value: string) => {
    clearTimeout(timer.current);
    const term = value.trim();
    if (term === lastSent.current) return;
    lastSent.current = term;
    onSearch(term);
  };
  const sendRef = useRef(send);
  sendRef.current = send;
  const sendLater = (value: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => sendRef.current(value), SEARCH_DEBOUNCE_MS);
  };

  // Back or a link changed the URL: show its search text (but not while our own text is on its way).
  useEffect(() => {
    if (searchTerm !== lastSent.current) {
      lastSent.current = searchTerm;
      setText(searchTerm);
    }
  }, [searchTerm]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      send(text);
    } else if (event.key === 'Escape' && text) {
      setText('');
      send('');
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      onArrowDown();
    }
  };

  return (
    <SearchInput
      ref={searchRef}
      data-testid="orders-search"
      label="Search"
      aria-label="Search orders"
      placeholder="Order number, customer name or e-mail, SKU"
      rightSectionWidth={text ? 32 : 40}
      onClear={() => {
        setText('');
        send('');
        searchRef.current?.focus();
      }}
      emptyHint={
        <Kbd size="xs" title="Press / to search">
          /
        </Kbd>
      }
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        sendLater(event.currentTarget.value);
      }}
      onKeyDown={onKeyDown}
      style={{ flex: '1 1 320px', maxWidth: 480 }}
    />
  );
}

/** The orders list's filters: search text (order number, customer name or e-mail, SKU), channel and statuses. */
export function OrdersFilters({ search, onChange, searchRef, onArrowDown }: OrdersFiltersProps) {
  const channels = useSalesChannels();
  const statuses = useSystemStatuses();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <OrdersSearchInput
        searchTerm={search.searchTerm}
        onSearch={(searchTerm) => onChange({ searchTerm })}
        searchRef={searchRef}
        onArrowDown={onArrowDown}
      />
      <Select
        data-testid="orders-channel"
        label="Channel"
        placeholder="All channels"
        clearable
        w={200}
        data={(channels.data ?? []).map((channel) => ({ value: String(channel.id), label: channel.name }))}
        value={search.channelId ? String(search.channelId) : null}
        onChange={(value) => onChange({ channelId: value ? Number(value) : null })}
      />
      <MultiSelect
        data-testid="orders-status"
        label="Status"
        placeholder={search.systemOrderStatusIds.length ? undefined : 'All statuses'}
        clearable
        searchable
        hidePickedOptions
        maxDropdownHeight={360}
        style={{ flex: '1 1 260px', maxWidth: 520 }}
        data={groupedStatusOptions(statuses.data ?? [])}
        value={search.systemOrderStatusIds.map(String)}
        onChange={(values) => onChange({ systemOrderStatusIds: values.map(Number).sort((a, b) => a - b) })}
      />
    </Group>
  );
}
