import { ADDRESS_FIELDS, type AddressFieldKey, type AddressValue, formatPhone } from '@backroom/shared';
import { Button, Group, Menu, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  countryLabel,
  countryOf,
  STATES_AND_COUNTRIES_ERROR,
  stateLabel,
  stateOf,
  statesOf,
  useStatesAndCountries,
} from '../lib/states-and-countries';

/** An address as the editor shows it: the text fields, and the ids of its state and country when known. */
export type AddressEditorValue = AddressValue & { stateId?: number | null; countryId?: number | null };

/** What choosing a state or a country sets besides its code. */
export interface AddressIds {
  stateId?: number | null;
  countryId?: number | null;
}

interface AddressEditorProps {
  value: AddressEditorValue;
  /**
   * Called once per committed field edit. A state or country chosen from the list comes with its id; a country
   * change that leaves the state outside the new country is followed by an edit clearing the state.
   */
  onChange(field: AddressFieldKey, value: string, ids?: AddressIds): void;
  /** Fields this address does not have (a warehouse has no person's name, say). */
  omit?: AddressFieldKey[];
  disabled?: boolean;
  /** Fields to mark as missing (their placeholder shows in red). */
  missing?: AddressFieldKey[];
  'data-testid'?: string;
}

type Field = (typeof ADDRESS_FIELDS)[number];

/**
 * The inline address editor (orders-warehouse.md §Shared widgets): double click edits a field, Enter or
 * leaving the field saves, Escape cancels. Company and lines 2-3 show only when filled (a menu adds them);
 * a ten-digit phone shows as (xxx) xxx-xxxx. State and country are chosen from GET
 * /api/v1/utilities/statesAndCountries (by code or name); when that list cannot be had they are typed.
 */
export function AddressEditor({
  value,
  onChange,
  omit = [],
  disabled,
  missing = [],
  'data-testid': testId = 'address-editor',
}: AddressEditorProps) {
  const [editing, setEditing] = useState<AddressFieldKey | null>(null);
  const [draft, setDraft] = useState('');
  const [revealed, setRevealed] = useState<AddressFieldKey[]>([]);
  const list = useStatesAndCountries();
  const fields = ADDRESS_FIELDS.filter((f) => !omit.includes(f.key));
  const isShown = (f: Field) =>
    !('onlyWhenFilled' in f) || Boolean(value[f.key]) || revealed.includes(f.key) || editing === f.key;
  const hidden = fields.filter((f) => !isShown(f));

  const country = countryOf(list.data, value);
  const states = statesOf(list.data, country?.id);
  const state = stateOf(list.data, value);

  const start = (key: AddressFieldKey) => {
    if (disabled) return;
    setDraft(value[key] ?? '');
    setEditing(key);
  };
  const commit = () => {
    if (editing && draft.trim() !== (value[editing] ?? '')) onChange(editing, draft.trim());
    setEditing(null);
  };

  const chooseState = (id: string | null) => {
    const chosen = states.find((s) => String(s.id) === id);
    if (chosen && (chosen.id !== value.stateId || chosen.code !== value.state))
      onChange('state', chosen.code, { stateId: chosen.id });
    setEditing(null);
  };
  const chooseCountry = (id: string | null) => {
    const chosen = list.data?.countries.find((c) => String(c.id) === id);
    setEditing(null);
    if (!chosen || (chosen.id === country?.id && chosen.code === value.country)) return;
    onChange('country', chosen.code, { countryId: chosen.id });
    // A state belongs to one country: one of the old country is cleared.
    const keeps = list.data?.states.some((s) => s.countryId === chosen.id && s.code === state?.code);
    if ((value.state || value.stateId) && !keeps) onChange('state', '', { stateId: null });
  };

  /** A list to choose from while editing state or country, when the list is there (or still coming). */
  const picker = (f: Field) => {
    if (list.isError) return null;
    if (f.key === 'state' && (list.isPending || states.length > 0))
      return (
        <ListSelect
          key={f.key}
          label={f.label}
          data={states.map((s) => ({ value: String(s.id), label: stateLabel(s) }))}
          value={state ? String(state.id) : null}
          loading={list.isPending}
          onChoose={chooseState}
          onCancel={() => setEditing(null)}
        />
      );
    if (f.key === 'country')
      return (
        <ListSelect
          key={f.key}
          label={f.label}
          data={(list.data?.countries ?? []).map((c) => ({ value: String(c.id), label: countryLabel(c) }))}
          value={country ? String(country.id) : null}
          loading={list.isPending}
          onChoose={chooseCountry}
          onCancel={() => setEditing(null)}
        />
      );
    return null;
  };

  const shown = (f: Field): string | null => {
    const text = value[f.key];
    if (f.key === 'state') return state ? stateLabel(state) : text || null;
    if (f.key === 'country') {
      const known = text || value.countryId ? country : undefined;
      return known ? countryLabel(known) : text || null;
    }
    if (!text) return null;
    return f.key === 'phone' ? formatPhone(text) : text;
  };

  return (
    <Stack gap={4} data-testid={testId}>
      {fields.filter(isShown).map((f) => {
        if (editing === f.key) {
          return (
            picker(f) ?? (
              <TextInput
                key={f.key}
                size="xs"
                aria-label={f.label}
                autoFocus
                value={draft}
                onChange={(e) => setDraft(e.currentTarget.value)}
                onBlur={commit}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') commit();
                  if (e.key === 'Escape') setEditing(null);
                }}
              />
            )
          );
        }
        const text = shown(f);
        return (
          <Text
            key={f.key}
            size="sm"
            c={text ? undefined : missing.includes(f.key) ? 'red' : 'dimmed'}
            data-field={f.key}
            title="Double-click to edit"
            style={{ cursor: disabled ? 'default' : 'text', userSelect: 'none' }}
            onDoubleClick={() => start(f.key)}
          >
            {text ?? `${f.label}…`}
          </Text>
        );
      })}
      {list.isError && (
        <Text size="xs" c="red" data-testid="address-editor-error">
          {STATES_AND_COUNTRIES_ERROR}
        </Text>
      )}
      {hidden.length > 0 && !disabled && (
        <Group>
          <Menu position="bottom-start">
            <Menu.Target>
              <Button size="compact-xs" variant="subtle">
                Add line
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {hidden.map((f) => (
                <Menu.Item
                  key={f.key}
                  onClick={() => {
                    setRevealed((r) => [...r, f.key]);
                    start(f.key);
                  }}
                >
                  {f.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      )}
    </Stack>
  );
}

/** A searchable list opened at once: choosing commits, leaving or Escape cancels. */
function ListSelect({
  label,
  data,
  value,
  loading,
  onChoose,
  onCancel,
}: {
  label: string;
  data: { value: string; label: string }[];
  value: string | null;
  loading: boolean;
  onChoose(value: string | null): void;
  onCancel(): void;
}) {
  return (
    <Select
      size="xs"
      aria-label={label}
      autoFocus
      defaultDropdownOpened
      searchable
      // Typing a code and Enter is enough: the first match is the one Enter takes.
      selectFirstOptionOnChange
      data={data}
      value={value}
      placeholder={loading ? 'Loading...' : 'Type a code or a name'}
      nothingFoundMessage={loading ? 'Loading...' : 'Nothing found'}
      allowDeselect={false}
      onChange={onChoose}
      onFocus={(e) => e.currentTarget.select()}
      onBlur={onCancel}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
