import { ADDRESS_FIELDS, type AddressFieldKey, type AddressValue, formatPhone } from '@backroom/shared';
import { Button, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

interface AddressEditorProps {
  value: AddressValue;
  /** Called once per committed field edit. */
  onChange(field: AddressFieldKey, value: string): void;
  /** Fields this address does not have (a warehouse has no person's name, say). */
  omit?: AddressFieldKey[];
  disabled?: boolean;
}

/**
 * The inline address editor (orders-warehouse.md §Shared widgets): double click edits a field, Enter or
 * leaving the field saves, Escape cancels. Company and lines 2-3 show only when filled (a menu adds them);
 * a ten-digit phone shows as (xxx) xxx-xxxx.
 */
export function AddressEditor({ value, onChange, omit = [], disabled }: AddressEditorProps) {
  const [editing, setEditing] = useState<AddressFieldKey | null>(null);
  const [draft, setDraft] = useState('');
  const [revealed, setRevealed] = useState<AddressFieldKey[]>([]);
  const fields = ADDRESS_FIELDS.filter((f) => !omit.includes(f.key));
  const isShown = (f: (typeof ADDRESS_FIELDS)[number]) =>
    !('onlyWhenFilled' in f) || Boolean(value[f.key]) || revealed.includes(f.key) || editing === f.key;
  const hidden = fields.filter((f) => !isShown(f));

  const start = (key: AddressFieldKey) => {
    if (disabled) return;
    setDraft(value[key] ?? '');
    setEditing(key);
  };
  const commit = () => {
    if (editing && draft.trim() !== (value[editing] ?? '')) onChange(editing, draft.trim());
    setEditing(null);
  };

  return (
    <Stack gap={4} data-testid="address-editor">
      {fields.filter(isShown).map((f) =>
        editing === f.key ? (
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
        ) : (
          <Text
            key={f.key}
            size="sm"
            c={value[f.key] ? undefined : 'dimmed'}
            data-field={f.key}
            title="Double-click to edit"
            style={{ cursor: disabled ? 'default' : 'text', userSelect: 'none' }}
            onDoubleClick={() => start(f.key)}
          >
            {value[f.key] ? (f.key === 'phone' ? formatPhone(value[f.key]) : value[f.key]) : `${f.label}…`}
          </Text>
        ),
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
