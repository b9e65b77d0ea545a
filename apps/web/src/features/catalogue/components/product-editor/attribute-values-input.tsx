import {
  ATTRIBUTE_CUSTOM_LABEL,
  ATTRIBUTE_NONE_LABEL,
  attributeChoices,
  attributeSelectMode,
  selectAttributeValue,
} from '@backroom/shared';
import { Group, MultiSelect, Select, TagsInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../../../lib/notify';

const NONE = '__none__';
const CUSTOM = '__custom__';

interface ListDefinition {
  list: string;
  options: string[];
  maxValues: number;
}

/**
 * The values of one list of one attribute (§5 Attribute value lists): a single-select with 'None' when
 * maxValues is 1, otherwise a multi-select that refuses values beyond maxValues; 'Custom' free text for a
 * restricted list. Without a definition the values are free tags.
 */
export function AttributeValuesInput({
  label,
  definition,
  isListRestricted,
  values,
  onChange,
}: {
  label: string;
  definition: ListDefinition | undefined;
  isListRestricted: boolean;
  values: string[];
  onChange: (values: string[]) => void;
}) {
  const [custom, setCustom] = useState<string | null>(null);
  if (!definition) {
    return (
      <TagsInput aria-label={label} value={values} onChange={onChange} placeholder="Type a value, Enter" />
    );
  }
  const { maxValues } = definition;
  const choices = attributeChoices(definition.options, maxValues, isListRestricted);
  // Values typed as Custom earlier are choices too, or the select could not show them.
  const extra = values.filter((value) => !definition.options.includes(value));
  const options = [
    ...choices.map((choice) => ({
      value: choice.kind === 'none' ? NONE : choice.kind === 'custom' ? CUSTOM : choice.value,
      label: choice.label,
    })),
    ...extra.map((value) => ({ value, label: value })),
  ];
  const add = (value: string | null) => {
    const next = selectAttributeValue(values, value, maxValues);
    if (next.refused) {
      notify({ color: 'orange', message: `${label} takes at most ${maxValues} values.` });
    }
    onChange(next.values);
  };
  const customInput = custom !== null && (
    <TextInput
      aria-label={`${label} custom value`}
      placeholder={`${ATTRIBUTE_CUSTOM_LABEL} value, Enter`}
      value={custom}
      autoFocus
      onChange={(event) => setCustom(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          add(custom);
          setCustom(null);
        } else if (event.key === 'Escape') setCustom(null);
      }}
    />
  );

  if (attributeSelectMode(maxValues) === 'single') {
    return (
      <Group gap="xs" wrap="nowrap">
        <Select
          aria-label={label}
          data={options}
          value={values[0] ?? null}
          placeholder={ATTRIBUTE_NONE_LABEL}
          onChange={(value) => {
            if (value === CUSTOM) setCustom('');
            else add(value === NONE ? null : value);
          }}
          allowDeselect={false}
          searchable
        />
        {customInput}
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <MultiSelect
        aria-label={label}
        data={options}
        value={values}
        searchable
        style={{ flex: 1 }}
        onChange={(next) => {
          if (next.includes(CUSTOM)) {
            setCustom('');
            return;
          }
          const added = next.filter((value) => !values.includes(value));
          if (added.length === 0) onChange(next);
          else add(added[0]!);
        }}
      />
      {customInput}
    </Group>
  );
}
