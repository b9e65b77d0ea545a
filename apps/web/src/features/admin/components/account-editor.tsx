import {
  ACCESS_OVERRIDES,
  ACCOUNT_DEFAULTS,
  ACCOUNT_USER_SAVE_DEBOUNCE_MS,
  type Account,
  type AccountCreate,
  BROADCAST_FLAGS,
  isAccountNameValid,
  UTC_OFFSET_OPTIONS,
} from '@backroom/shared';
import { Button, Checkbox, Fieldset, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { notify } from '../../../lib/notify';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { useAccounts, useSaveAccount } from '../api';
import { EditorBox } from './editor-box';
import { fieldError } from './field-errors';
import { OffsetClock } from './offset-clock';

type AccountForm = Omit<Account, 'id'>;
const EMPTY: AccountForm = { name: '', ...ACCOUNT_DEFAULTS };

function toForm(account: Account | undefined): AccountForm {
  if (!account) return EMPTY;
  const { id: _id, ...rest } = account;
  return { ...EMPTY, ...rest };
}

/** 'Create/Edit Accounts' box (catalogue-admin.md §2.1), shown only with adminUserAccess. */
export function AccountEditor({
  selectedId,
  onSelect: setSelectedId,
  onClose,
}: {
  /** The account shown, 0 for 'Create Account'; the page's list chooses it. */
  selectedId: number;
  onSelect(id: number): void;
  onClose(): void;
}) {
  const accounts = useAccounts();
  const save = useSaveAccount();
  const selected = accounts.data?.find((a) => a.id === selectedId);
  const [form, setForm] = useState<AccountForm>(EMPTY);

  // Switching the selector (or the list reloading after a save) loads that account into the form.
  useEffect(() => setForm(toForm(selected)), [selected]);

  const set = <K extends keyof AccountForm>(key: K, value: AccountForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = useDebouncedCallback(() => {
    save.mutate(
      { id: selectedId, ...(form as AccountCreate), name: form.name.trim() },
      {
        onSuccess: (saved) => {
          notify({
            color: 'green',
            message: `${selectedId > 0 ? 'Updated' : 'Created'} account ${saved.name}`,
          });
          setSelectedId(saved.id);
        },
      },
    );
  }, ACCOUNT_USER_SAVE_DEBOUNCE_MS);

  return (
    <EditorBox
      title="Create/Edit Accounts"
      testId="account"
      noun="Account"
      options={[
        { value: '0', label: 'Create Account' },
        ...(accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
      ]}
      selectedId={selectedId}
      onSelect={setSelectedId}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        required
        value={form.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={fieldError(save.error, 'name')}
      />
      <Group grow align="flex-start">
        <Select
          label="UTC Offset"
          data={UTC_OFFSET_OPTIONS}
          value={form.utcOffset}
          allowDeselect={false}
          searchable
          onChange={(value) => value && set('utcOffset', value)}
        />
        <NumberInput
          label="Integration Id"
          min={0}
          allowDecimal={false}
          value={form.integrationId}
          onChange={(value) => set('integrationId', typeof value === 'number' ? value : 0)}
        />
      </Group>
      <OffsetClock offset={form.utcOffset} />
      <Checkbox
        label="Active"
        checked={form.isActive === 1}
        onChange={(e) => set('isActive', e.currentTarget.checked ? 1 : 0)}
      />
      <Fieldset legend="Access Overrides">
        <Stack gap="xs">
          {ACCESS_OVERRIDES.map(({ label, field }) => (
            // Shown inverted: checked means the restriction is off.
            <Checkbox
              key={field}
              label={label}
              checked={form[field] === 0}
              onChange={(e) => set(field, e.currentTarget.checked ? 0 : 1)}
            />
          ))}
        </Stack>
      </Fieldset>
      <Fieldset legend="Broadcast">
        <Stack gap="xs">
          {BROADCAST_FLAGS.map(({ label, field }) => (
            <Checkbox
              key={field}
              label={label}
              checked={form[field] === 1}
              onChange={(e) => set(field, e.currentTarget.checked ? 1 : 0)}
            />
          ))}
        </Stack>
      </Fieldset>
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending} disabled={!isAccountNameValid(form.name)}>
          {selectedId > 0 ? 'Save Account' : 'Create Account'}
        </Button>
      </Group>
    </EditorBox>
  );
}
