import { ACCOUNT_USER_SAVE_DEBOUNCE_MS, mayGrantAccess, type UserSummary } from '@backroom/shared';
import { Fieldset, Group, MultiSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ReasonButton } from '../../../components/reason-button';
import { notify } from '../../../lib/notify';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { whyNot } from '../../../lib/why-not';
import { useMe } from '../../auth/api';
import { useAccounts, useRoles, useSaveUser, useUsers } from '../api';
import { EditorBox } from './editor-box';
import { fieldError } from './field-errors';
import { UserBadge } from './user-badge';

interface UserForm {
  firstName: string;
  lastName: string;
  email: string;
  pinPasscode: string;
  password: string;
  currentPassword: string;
  accounts: string[];
  roles: string[];
}

function toForm(user: UserSummary | undefined, defaultAccount: number): UserForm {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    pinPasscode: '',
    password: '',
    currentPassword: '',
    accounts: user ? user.accounts.map((a) => String(a.id)) : [String(defaultAccount)],
    roles: user ? user.roles.map((r) => String(r.id)) : [],
  };
}

/** 'Create/Edit Users' box (catalogue-admin.md §2.1): everyone may edit themselves; only admins create. */
export function UserEditor({
  selectedId,
  onSelect: setSelectedId,
  onClose,
}: {
  /** The user shown, 0 for 'Create User'; the page's list (or, for a non-admin, the page) chooses it. */
  selectedId: number;
  onSelect(id: number): void;
  /** Back to the lists; absent where there is no list (a user who may edit only themselves). */
  onClose?: () => void;
}) {
  const me = useMe().data!;
  const isAdmin = mayGrantAccess(me);
  const users = useUsers();
  const roles = useRoles();
  const accounts = useAccounts();
  const save = useSaveUser();
  const selected = users.data?.find((u) => u.id === selectedId);
  const [form, setForm] = useState<UserForm>(() => toForm(undefined, me.currentAccount.id));

  useEffect(() => {
    setForm(toForm(selected, me.currentAccount.id));
  }, [selected, me.currentAccount.id]);

  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const isCreate = selectedId === 0;
  const isSelf = selectedId === me.user.id;
  // Changing one's own password or PIN asks for the current password (the server refuses it otherwise).
  const needsCurrentPassword = isSelf && (form.password !== '' || form.pinPasscode !== '');
  const heldRoles = new Set(me.roles.map((r) => r.id));
  // The server works it out on all the user holds: the list shows only the accounts the admin has too.
  const inReach = isSelf || selected?.inReach === true;
  // A user who holds access the admin lacks is shown, never editable: the server refuses any change to them.
  const readOnly = !isCreate && !inReach;
  const canSave =
    !readOnly &&
    form.firstName.trim() !== '' &&
    form.lastName.trim() !== '' &&
    form.email.trim() !== '' &&
    (!isCreate || (form.pinPasscode !== '' && form.password !== '' && form.accounts.length > 0)) &&
    (!needsCurrentPassword || form.currentPassword !== '');

  const submit = useDebouncedCallback(() => {
    const payload = {
      id: selectedId,
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      accounts: form.accounts.map(Number),
      roles: form.roles.map(Number),
      ...(form.pinPasscode ? { pinPasscode: form.pinPasscode } : {}),
      ...(form.password ? { password: form.password } : {}),
      ...(needsCurrentPassword ? { currentPassword: form.currentPassword } : {}),
    };
    // "The user create call is skipped without adminUserAccess."
    if (isCreate && !isAdmin) return;
    save.mutate(payload as Parameters<typeof save.mutate>[0], {
      onSuccess: (saved) => {
        notify({
          color: 'green',
          message: `${isCreate ? 'Created' : 'Updated'} user ${saved.email}`,
        });
        setSelectedId(saved.id);
        // A saved secret is not kept on screen (the user list may not change, so nothing else resets it).
        setForm((f) => ({ ...f, pinPasscode: '', password: '', currentPassword: '' }));
      },
    });
  }, ACCOUNT_USER_SAVE_DEBOUNCE_MS);

  const options = [
    ...(isAdmin ? [{ value: '0', label: 'Create User' }] : []),
    ...(users.data ?? []).map((u) => ({
      value: String(u.id),
      label: `${u.firstName} ${u.lastName} (${u.email})`,
    })),
  ];

  return (
    <EditorBox
      title="Create/Edit Users"
      testId="user"
      noun="User"
      options={options}
      selectedId={selectedId}
      onSelect={setSelectedId}
      onClose={onClose}
    >
      {readOnly && (
        <Text size="sm" c="orange.8" data-testid="user-read-only">
          This user holds access you do not hold: you can see them but not change them.
        </Text>
      )}
      <Fieldset variant="unstyled" disabled={readOnly} p={0}>
        <Stack>
          <Group grow align="flex-start">
            <TextInput
              label="First Name"
              required
              value={form.firstName}
              onChange={(e) => set('firstName', e.currentTarget.value)}
              error={fieldError(save.error, 'firstName')}
            />
            <TextInput
              label="Last Name"
              required
              value={form.lastName}
              onChange={(e) => set('lastName', e.currentTarget.value)}
              error={fieldError(save.error, 'lastName')}
            />
          </Group>
          <TextInput
            label="E-mail"
            type="email"
            required
            value={form.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={fieldError(save.error, 'email')}
          />
          <Group grow align="flex-start">
            <PasswordInput
              label="PIN"
              description={isCreate ? '4 to 12 digits' : 'Leave empty to keep the current PIN'}
              required={isCreate}
              inputMode="numeric"
              autoComplete="off"
              value={form.pinPasscode}
              onChange={(e) => set('pinPasscode', e.currentTarget.value.replace(/\D/g, ''))}
              error={fieldError(save.error, 'pinPasscode')}
            />
            <PasswordInput
              label="Password"
              description={isCreate ? 'At least 8 characters' : 'Leave empty to keep the current password'}
              required={isCreate}
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set('password', e.currentTarget.value)}
              error={fieldError(save.error, 'password')}
            />
          </Group>
          {needsCurrentPassword && (
            <PasswordInput
              label="Current Password"
              description="Needed to change your own password or PIN; your other sessions are then signed out"
              required
              autoComplete="current-password"
              value={form.currentPassword}
              onChange={(e) => set('currentPassword', e.currentTarget.value)}
              error={fieldError(save.error, 'currentPassword')}
            />
          )}
          <MultiSelect
            label="Accounts"
            data={(accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            value={form.accounts}
            onChange={(value) => set('accounts', value)}
            disabled={!isAdmin}
            error={fieldError(save.error, 'accounts')}
          />
          <MultiSelect
            label="Roles"
            description={isAdmin ? 'You can grant only roles you hold yourself.' : undefined}
            data={(roles.data ?? []).map((r) => ({
              value: String(r.id),
              label: r.name,
              disabled: !heldRoles.has(r.id),
            }))}
            value={form.roles}
            onChange={(value) => set('roles', value)}
            disabled={!isAdmin}
            error={fieldError(save.error, 'roles')}
          />
        </Stack>
      </Fieldset>
      <Group justify="space-between">
        {!isCreate ? (
          <UserBadge userId={selectedId} inReach={inReach} />
        ) : (
          <Text size="sm" c="dimmed">
            New users sign in with their e-mail and password or PIN.
          </Text>
        )}
        <ReasonButton
          onClick={submit}
          loading={save.isPending}
          disabledReason={
            canSave
              ? null
              : whyNot(
                  [readOnly, 'This user holds access you do not hold'],
                  [form.firstName.trim() === '', 'Fill in the first name first'],
                  [form.lastName.trim() === '', 'Fill in the last name first'],
                  [form.email.trim() === '', 'Fill in the e-mail first'],
                  [isCreate && form.pinPasscode === '', 'Choose a PIN first'],
                  [isCreate && form.password === '', 'Choose a password first'],
                  [isCreate && form.accounts.length === 0, 'Choose an account first'],
                  [needsCurrentPassword, 'Type your current password first'],
                )
          }
        >
          {isCreate ? 'Create User' : 'Save User'}
        </ReasonButton>
      </Group>
    </EditorBox>
  );
}
