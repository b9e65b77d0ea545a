import type { OrderDetailDto, ShippingAddressDto } from '@backroom/shared';
import {
  ADDRESS_FIELDS,
  type AddressFieldKey,
  type AddressInput,
  canEditShippingAddress,
  DEFAULT_COUNTRY_CODE,
  DEFAULT_COUNTRY_ID,
  shippingAddressProblems,
} from '@backroom/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  AddressEditor,
  type AddressEditorValue,
  type AddressIds,
} from '../../../../components/address-editor';
import { posCalls, usePosAction } from '../../pos-api';
import { RuleButton } from './rule-button';

// Addresses on the point of sale: the editor's value to and from the calls' shapes, and the order's shipping
// address by §4 Edit shipping address and §5 Address for shipping.

export const orNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** An address reply as the editor shows it. */
export function editorValueOf(address: ShippingAddressDto | null | undefined): AddressEditorValue {
  if (!address) return { country: DEFAULT_COUNTRY_CODE, countryId: DEFAULT_COUNTRY_ID };
  return {
    name: address.name,
    company: address.company,
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2,
    addressLine3: address.addressLine3,
    city: address.city,
    state: address.stateOrProvidence,
    stateId: address.stateId,
    postalCode: address.postalCode,
    country: address.country,
    countryId: address.countryId,
    phone: address.phoneHome ?? address.phoneCell ?? address.phoneWork,
    email: address.email,
  };
}

/** The editor's value as the calls take it. */
export function addressInputOf(a: AddressEditorValue): AddressInput {
  return {
    name: orNull(a.name),
    company: orNull(a.company),
    addressLine1: orNull(a.addressLine1),
    addressLine2: orNull(a.addressLine2),
    addressLine3: orNull(a.addressLine3),
    city: orNull(a.city),
    stateId: a.stateId ?? null,
    stateOrProvidence: orNull(a.state),
    postalCode: orNull(a.postalCode),
    country: orNull(a.country),
    countryId: a.countryId ?? null,
    phone: orNull(a.phone),
    email: orNull(a.email),
  };
}

/** One committed field edit applied to an editor value (a state or country with its id). */
export function withEdit(
  value: AddressEditorValue,
  field: AddressFieldKey,
  text: string,
  ids?: AddressIds,
): AddressEditorValue {
  return { ...value, [field]: text || null, ...(ids ?? {}) };
}

/** §5 Address for shipping, read from the editor: the editor fields still missing. */
export function missingShippingFields(a: AddressEditorValue): AddressFieldKey[] {
  const problems = shippingAddressProblems({
    addressLine1: a.addressLine1,
    city: a.city,
    postalCode: a.postalCode,
    stateId: a.stateId,
    stateCode: a.state,
    countryId: a.countryId,
    countryCode: a.country,
  });
  const fields = problems.map(
    (p): AddressFieldKey =>
      p === 'stateId' || p === 'stateCode'
        ? 'state'
        : p === 'countryId' || p === 'countryCode'
          ? 'country'
          : p,
  );
  return [...new Set(fields)];
}

const labelOf = (key: AddressFieldKey) => ADDRESS_FIELDS.find((f) => f.key === key)?.label ?? key;

/**
 * The order's shipping address: edited as a draft (the §5 rule needs line 1, city, zip code, state and country
 * together), saved with 'Save Shipping Address'; 'Same as Billing' fills it from the customer's address.
 */
export function ShippingAddress({
  order,
  billing,
}: {
  order: OrderDetailDto;
  billing: AddressEditorValue | null;
}) {
  const stored = order.shipTo?.address ?? null;
  const [draft, setDraft] = useState<AddressEditorValue | null>(null);
  const value = draft ?? editorValueOf(stored);
  const check = canEditShippingAddress(order);
  const missing = missingShippingFields(value);
  const save = usePosAction(order.id, {
    call: (current, shipTo: AddressInput) => posCalls.setShipTo(current, shipTo),
    success: 'Order Modified Successfully',
    failure: 'Error Modifying Order',
  });
  return (
    <Stack gap={6}>
      {!stored && !draft && (
        <Text size="sm" c="dimmed" data-testid="no-shipping-address">
          No Shipping Information
        </Text>
      )}
      <AddressEditor
        value={value}
        disabled={!check.allowed || save.isPending}
        missing={draft ? missing : []}
        onChange={(field, text, ids) => setDraft(withEdit(value, field, text, ids))}
        data-testid="shipping-address"
      />
      <Group gap="xs">
        {billing && (
          <RuleButton check={check} size="xs" variant="subtle" onClick={() => setDraft({ ...billing })}>
            Same as Billing
          </RuleButton>
        )}
        {draft && (
          <RuleButton
            check={
              missing.length
                ? { allowed: false, reason: `Still needed: ${missing.map(labelOf).join(', ')}` }
                : check
            }
            size="xs"
            loading={save.isPending}
            onClick={() => save.mutate(addressInputOf(draft), { onSuccess: () => setDraft(null) })}
            data-testid="save-shipping-address"
          >
            Save Shipping Address
          </RuleButton>
        )}
        {draft && (
          <Button size="xs" variant="default" onClick={() => setDraft(null)}>
            Discard
          </Button>
        )}
      </Group>
    </Stack>
  );
}
