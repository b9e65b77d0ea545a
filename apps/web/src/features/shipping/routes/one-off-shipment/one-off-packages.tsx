import { ONE_OFF_PARCEL, ONE_OFF_PARCEL_MESSAGE } from '@backroom/shared';
import { NumberInput, Table, Text, TextInput } from '@mantine/core';
import { Icon } from '../../../../components/icon';
import { ReasonActionIcon, ReasonButton } from '../../../../components/reason-button';
import { whyNot } from '../../../../lib/why-not';
import { isValidParcel, type ParcelRow, parcelErrors } from './one-off-form';

const SIDES = [
  ['width', 'Width'],
  ['height', 'Height'],
  ['length', 'Length'],
] as const;

const toNumber = (v: string | number) => (typeof v === 'number' ? v : v.trim() === '' ? null : Number(v));

/**
 * 'Package(s)' (catalogue-admin.md §2.12, §5, §9): name, sides in inches (0.1–100, step 0.1) and weight in
 * pounds (0.05–70 in the input, step 0.05); invalid inputs in the danger style. The delete button is
 * disabled when only one parcel remains and Add Package is permanently disabled (one parcel a shipment).
 */
export function OneOffPackages({
  parcels,
  disabled,
  onChange,
}: {
  parcels: ParcelRow[];
  disabled: boolean;
  onChange(parcels: ParcelRow[]): void;
}) {
  const set = (index: number, patch: Partial<ParcelRow>) =>
    onChange(parcels.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const anyInvalid = parcels.some((p) => !isValidParcel(p));

  return (
    <>
      <Table withTableBorder verticalSpacing={4} data-testid="one-off-packages">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Width</Table.Th>
            <Table.Th>Height</Table.Th>
            <Table.Th>Length</Table.Th>
            <Table.Th>Weight</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parcels.map((parcel, index) => {
            const errors = parcelErrors(parcel);
            const n = index + 1;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: parcels have no id of their own; rows only grow or shrink at the end
              <Table.Tr key={index} data-testid={`one-off-package-${n}`}>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={`Package ${n} name`}
                    value={parcel.name}
                    disabled={disabled}
                    maxLength={80}
                    onChange={(e) => set(index, { name: e.currentTarget.value })}
                  />
                </Table.Td>
                {SIDES.map(([key, label]) => (
                  <Table.Td key={key}>
                    <NumberInput
                      size="xs"
                      aria-label={`Package ${n} ${label.toLowerCase()} (in)`}
                      value={parcel[key] ?? ''}
                      min={ONE_OFF_PARCEL.minDimensionInch}
                      max={ONE_OFF_PARCEL.maxDimensionInch}
                      step={ONE_OFF_PARCEL.dimensionStepInch}
                      decimalScale={1}
                      suffix=" in"
                      error={errors[key]}
                      disabled={disabled}
                      onChange={(v) => set(index, { [key]: toNumber(v) })}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  <NumberInput
                    size="xs"
                    aria-label={`Package ${n} weight (lb)`}
                    value={parcel.weight ?? ''}
                    min={ONE_OFF_PARCEL.minWeightPounds}
                    max={ONE_OFF_PARCEL.inputMaxWeightPounds}
                    step={ONE_OFF_PARCEL.weightStepPounds}
                    decimalScale={2}
                    suffix=" lb"
                    error={errors.weight}
                    disabled={disabled}
                    onChange={(v) => set(index, { weight: toNumber(v) })}
                  />
                </Table.Td>
                <Table.Td>
                  <ReasonActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete package ${n}`}
                    disabledReason={whyNot(
                      [disabled, 'The label is bought: the shipment is what it is until it is voided'],
                      [parcels.length <= 1, 'A shipment keeps at least one package'],
                    )}
                    onClick={() => onChange(parcels.filter((_, i) => i !== index))}
                  >
                    <TrashIcon />
                  </ReasonActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {anyInvalid && (
        <Text size="xs" c="red" data-testid="one-off-package-error">
          {ONE_OFF_PARCEL_MESSAGE}
        </Text>
      )}
      {/* "The Add Package button is permanently disabled" (§2.12): a shipment carries one parcel. */}
      <ReasonButton
        size="xs"
        variant="default"
        w="fit-content"
        disabledReason="A one-off shipment carries one package"
      >
        Add Package
      </ReasonButton>
    </>
  );
}

function TrashIcon() {
  return (
    <Icon>
      <path d="M4 7h16" />
      <path d="M10 11v6M14 11v6" />
      <path d="M6 7l1 13h10l1-13" />
      <path d="M9 7V4h6v3" />
    </Icon>
  );
}
