import type { OrderDetailDto } from '@backroom/shared';
import { type Customer, formatPhone } from '@backroom/shared';
import {
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AddressEditor, type AddressEditorValue } from '../../../../components/address-editor';
import { Modal } from '../../../../components/modal';
import {
  customerCalls,
  posCalls,
  posKeys,
  toastFailure,
  toastSuccess,
  useCustomerSearch,
  usePosAction,
} from '../../pos-api';
import { addressInputOf, editorValueOf, orNull, ShippingAddress, withEdit } from './pos-shipping-address';

// The sale's customer (issue 16 #4): find one by name, e-mail or phone, or make one; their e-mail and phone;
// the billing address (the customer's) and the order's shipping address, both in the inline address editor,
// the shipping one by §4 Edit shipping address and §5 Address for shipping.

const fullName = (c: Pick<Customer, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`.trim();

export function PosCustomer({ order }: { order: OrderDetailDto }) {
  const customer = order.customer;
  const [changing, setChanging] = useState(false);
  const setCustomer = usePosAction(order.id, {
    call: (current, customerId: number | null) => posCalls.setCustomer(current, customerId),
    success: 'Order Modified Successfully',
    failure: 'Error Modifying Order',
  });
  const choose = (id: number) => setCustomer.mutate(id, { onSuccess: () => setChanging(false) });
  return (
    <Paper withBorder p="md" data-testid="pos-customer">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4}>Customer</Title>
          {customer && !changing && (
            <Button size="compact-sm" variant="subtle" onClick={() => setChanging(true)}>
              Change
            </Button>
          )}
        </Group>
        {customer && !changing ? (
          <CustomerDetails order={order} customer={customer} />
        ) : (
          <FindCustomer
            onChoose={choose}
            busy={setCustomer.isPending}
            onCancel={customer ? () => setChanging(false) : undefined}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** Search by name, e-mail or phone; choose one, or make a new customer. */
function FindCustomer({
  onChoose,
  busy,
  onCancel,
}: {
  onChoose: (id: number) => void;
  busy: boolean;
  onCancel?: () => void;
}) {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 250);
  const found = useCustomerSearch(debounced);
  const [creating, setCreating] = useState(false);
  const results = debounced.length >= 2 ? (found.data ?? []) : [];
  return (
    <Stack gap="xs">
      <TextInput
        label="Find Customer"
        placeholder="Name, e-mail or phone"
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        rightSection={found.isFetching ? <Loader size="xs" /> : null}
        data-testid="customer-search"
      />
      {results.map((c) => (
        <UnstyledButton
          key={c.id}
          onClick={() => onChoose(c.id)}
          disabled={busy}
          data-testid="customer-result"
          aria-label={`Choose ${fullName(c)}`}
          style={{ borderRadius: 4, padding: '4px 6px', border: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Text size="sm" fw={600}>
            {fullName(c)}
          </Text>
          <Text size="xs" c="dimmed">
            {[c.email, c.phone ? formatPhone(c.phone) : null, c.address?.city].filter(Boolean).join(' · ') ||
              'No e-mail or phone'}
          </Text>
        </UnstyledButton>
      ))}
      {debounced.length >= 2 && found.isSuccess && results.length === 0 && (
        <Text size="sm" c="dimmed">
          No customer found.
        </Text>
      )}
      {found.isError && (
        <Text size="sm" c="red">
          {found.error.message}
        </Text>
      )}
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => setCreating(true)} data-testid="new-customer">
          New Customer
        </Button>
        {onCancel && (
          <Button size="xs" variant="subtle" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Group>
      {creating && (
        <NewCustomerModal
          initial={term.trim()}
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            onChoose(c.id);
          }}
        />
      )}
    </Stack>
  );
}

/** First and last name, e-mail, phone and the billing address. */
function NewCustomerModal({
  initial,
  onClose,
  onCreated,
}: {
  initial: string;
  onClose: () => void;
  onCreated: (customer: Customer) => void;
}) {
  const looksLikeEmail = initial.includes('@');
  const [firstName, setFirstName] = useState(looksLikeEmail ? '' : (initial.split(' ')[0] ?? ''));
  const [lastName, setLastName] = useState(looksLikeEmail ? '' : initial.split(' ').slice(1).join(' '));
  const [email, setEmail] = useState(looksLikeEmail ? initial : '');
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState<AddressEditorValue>(editorValueOf(null));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hasAddress = Boolean(address.addressLine1 || address.city || address.postalCode);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const name = `${firstName} ${lastName}`.trim();
      const made = await customerCalls.create({
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        email: orNull(email),
        phone: orNull(phone),
        address: hasAddress
          ? addressInputOf({ ...address, name: address.name || name, email: address.email || orNull(email) })
          : null,
      });
      toastSuccess('Customer Created Successfully');
      onCreated(made);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      toastFailure('Error Creating Customer', e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="New Customer">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Group grow>
            <TextInput
              label="First Name"
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              data-autofocus
            />
            <TextInput
              label="Last Name"
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
            />
          </Group>
          <TextInput
            label="E-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <TextInput label="Phone" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
          <Text size="sm" fw={600}>
            Billing Address
          </Text>
          <AddressEditor
            value={address}
            onChange={(field, text, ids) => setAddress((a) => withEdit(a, field, text, ids))}
            omit={['email', 'phone']}
            data-testid="new-customer-address"
          />
          {error && (
            <Text size="sm" c="red">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={!firstName.trim() && !lastName.trim()}>
              Save Customer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The chosen customer: e-mail and phone, the billing address, and the order's shipping address. */
function CustomerDetails({ order, customer }: { order: OrderDetailDto; customer: Customer }) {
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const saveCustomer = async (patch: Parameters<typeof customerCalls.patch>[1]) => {
    setSaving(true);
    try {
      await customerCalls.patch(customer.id, patch);
      toastSuccess('Customer Updated');
      // The order shows its customer: read it again.
      await client.refetchQueries({ queryKey: posKeys.order(order.id) });
    } catch (e) {
      toastFailure('Error Updating Customer', e);
    } finally {
      setSaving(false);
    }
  };
  const billing = editorValueOf(customer.address);
  return (
    <Stack gap="xs" data-testid="customer-details">
      <Text fw={700} data-testid="customer-name">
        {fullName(customer)}
      </Text>
      <EditableLine
        label="E-mail"
        value={customer.email ?? ''}
        testId="customer-email"
        disabled={saving}
        onSave={(email) => saveCustomer({ email: orNull(email) })}
      />
      <EditableLine
        label="Phone"
        value={customer.phone ?? ''}
        shown={customer.phone ? formatPhone(customer.phone) : ''}
        testId="customer-phone"
        disabled={saving}
        onSave={(phone) => saveCustomer({ phone: orNull(phone) })}
      />
      <Divider label="Billing Address" labelPosition="left" />
      <AddressEditor
        value={billing}
        disabled={saving}
        omit={['email', 'phone']}
        onChange={(field, text, ids) =>
          saveCustomer({ address: addressInputOf(withEdit(billing, field, text, ids)) })
        }
        data-testid="billing-address"
      />
      <Divider label="Shipping Address" labelPosition="left" />
      <ShippingAddress order={order} billing={customer.address ? billing : null} />
    </Stack>
  );
}

/** A line of text: double click to edit, Enter or leaving saves, Escape cancels (as the address editor). */
function EditableLine({
  label,
  value,
  shown,
  testId,
  disabled,
  onSave,
}: {
  label: string;
  value: string;
  shown?: string;
  testId: string;
  disabled?: boolean;
  onSave: (value: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  if (draft !== null)
    return (
      <TextInput
        size="xs"
        aria-label={label}
        autoFocus
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={() => {
          if (draft.trim() !== value) onSave(draft.trim());
          setDraft(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
          if (e.key === 'Escape') setDraft(null);
        }}
      />
    );
  return (
    <Text
      size="sm"
      c={value ? undefined : 'dimmed'}
      data-testid={testId}
      title="Double-click to edit"
      style={{ cursor: disabled ? 'default' : 'text', userSelect: 'none' }}
      onDoubleClick={() => !disabled && setDraft(value)}
    >
      {(shown ?? value) || `${label}…`}
    </Text>
  );
}
