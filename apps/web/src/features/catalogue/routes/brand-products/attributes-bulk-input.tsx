import {
  type Attribute,
  type BulkInputs,
  CATALOGUE_DEBOUNCE_MS,
  DEFAULT_ATTRIBUTE_LIST,
} from '@backroom/shared';
import { ActionIcon, Checkbox, Group, Select, Stack, TagsInput } from '@mantine/core';

import { useDebouncedValue } from '@mantine/hooks';

import { useState } from 'react';

import { useAttributeSearch } from '../../api';
import { CrossIcon } from '../../components/icons';

export type AttributesValue = BulkInputs['attributes'];

interface AttributesBulkInputProps {
  value: AttributesValue;
  onChange: (value: AttributesValue) => void;
  onPick: (id: number, name: string) => void;
}

function listsOf(definition: Attribute) {
  const lists = definition.lists?.options ?? [];
  return lists.length > 0 ? lists : [{ list: DEFAULT_ATTRIBUTE_LIST, options: [], maxValues: 0 }];
}

/** Add Attributes: find attributes, give each list its values (within maxValues), and the Replace option. */
export function AttributesBulkInput({ value, onChange, onPick }: AttributesBulkInputProps) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), CATALOGUE_DEBOUNCE_MS.attributeInput);
  const results = useAttributeSearch(debounced, opened || debounced !== '');
  // The chosen attributes' definitions: names, lists and their options.
  const [definitions, setDefinitions] = useState(new Map<number, Attribute>());

  const add = (id: string | null) => {
    const definition = results.data?.find((attribute) => String(attribute.id) === id);
    if (!definition || value.attributes.some((a) => a.attributeId === definition.id)) return;
    setDefinitions((current) => new Map(current).set(definition.id, definition));
    onPick(definition.id, definition.name);
    setSearch('');
    const maxValues = Object.fromEntries(listsOf(definition).map((list) => [list.list, list.maxValues]));
    onChange({
      ...value,
      attributes: [...value.attributes, { attributeId: definition.id, valueJSON: {}, maxValues }],
    });
  };
  const setValues = (attributeId: number, list: string, values: string[]) =>
    onChange({
      ...value,
      attributes: value.attributes.map((attribute) =>
        attribute.attributeId === attributeId
          ? { ...attribute, valueJSON: { ...attribute.valueJSON, [list]: values } }
          : attribute,
      ),
    });

  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="sm">
        <Select
          label="Attribute"
          placeholder="Find attributes to add"
          searchable
          w={220}
          data={(results.data ?? []).map((attribute) => ({
            value: String(attribute.id),
            label: attribute.name,
          }))}
          value={null}
          searchValue={search}
          onSearchChange={setSearch}
          onDropdownOpen={() => setOpened(true)}
          filter={({ options }) => options}
          nothingFoundMessage={results.isFetching ? 'Searching...' : 'No attributes found'}
          onChange={add}
        />
        <Checkbox
          label="Replace"
          mb={8}
          checked={value.replace}
          onChange={(event) => onChange({ ...value, replace: event.currentTarget.checked })}
        />
      </Group>
      {value.attributes.map((attribute) => {
        const definition = definitions.get(attribute.attributeId);
        if (!definition) return null;
        return (
          <Group key={attribute.attributeId} align="flex-end" gap="xs" wrap="nowrap">
            {listsOf(definition).map((list) => (
              <TagsInput
                key={list.list}
                w={280}
                size="xs"
                label={
                  list.list === DEFAULT_ATTRIBUTE_LIST ? definition.name : `${definition.name}: ${list.list}`
                }
                data={list.options}
                maxTags={list.maxValues > 0 ? list.maxValues : undefined}
                value={[...(attribute.valueJSON[list.list] ?? [])]}
                onChange={(values) => setValues(attribute.attributeId, list.list, values)}
              />
            ))}
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove ${definition.name}`}
              onClick={() =>
                onChange({
                  ...value,
                  attributes: value.attributes.filter((a) => a.attributeId !== attribute.attributeId),
                })
              }
            >
              <CrossIcon />
            </ActionIcon>
          </Group>
        );
      })}
    </Stack>
  );
}
