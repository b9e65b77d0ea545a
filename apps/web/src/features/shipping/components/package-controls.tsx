import {
  DIMENSION_STEP_INCH,
  isDimensionInputError,
  isWeightInputError,
  SHIPMENT_CONTROL_MAX,
  WEIGHT_STEP_POUNDS,
} from '@backroom/shared';
import { Anchor, Checkbox, Group, NumberInput, type NumberInputProps, Select } from '@mantine/core';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { usePackaging } from '../../catalogue/api';
import { useUsbScale } from '../../warehouse/scale/use-usb-scale';
import { ouncesFromPounds, type PackageField, poundsFromOunces } from '../lib/shipment-draft';
import type { ShipmentPanelState } from './use-shipment-panel';

const parse = (value: number | string): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/**
 * A number input over a value kept elsewhere: what is typed stays as typed ('2.' on the way to '2.5') and
 * the value follows changes made elsewhere (the scale, a chosen box).
 */
function DraftNumberInput({
  value,
  onValue,
  ...props
}: { value: number | null; onValue: (value: number | null) => void } & Omit<
  NumberInputProps,
  'value' | 'onChange'
>) {
  const [text, setText] = useState<number | string>(value ?? '');
  useEffect(() => {
    setText((current) => (parse(current) === value ? current : (value ?? '')));
  }, [value]);
  return (
    <NumberInput
      {...props}
      value={text}
      onChange={(next) => {
        setText(next);
        onValue(parse(next));
      }}
    />
  );
}

const SIDES: { field: PackageField; label: string }[] = [
  { field: 'packageLengthInch', label: 'Length (in)' },
  { field: 'packageWidthInch', label: 'Width (in)' },
  { field: 'packageHeightInch', label: 'Height (in)' },
];

/**
 * The shipment scale and dimensions control (orders-warehouse.md §Order item and shipment screens, §5):
 * packaging (hidden for external shipments; 'Unknown Packaging' is listed and cannot be chosen), weight in
 * pounds (stored as ounces, step 0.05, 0–300, an error at 1 or below), length, width and height in inches
 * (step 0.1, 0–300, required, an error at or below the minimum side), and 'Training Shipment'.
 */
export function PackageControls({
  panel,
  external,
  onEnter,
}: {
  panel: ShipmentPanelState;
  external: boolean;
  /** Enter in a field (the packing station goes back to its scan field). */
  onEnter?: () => void;
}) {
  const packaging = usePackaging();
  const scaleConnected = useUsbScale().state.status === 'connected';
  const { draft, shipment, can } = panel;
  const disabled = !can.edit;
  const id = shipment.id;
  const pounds = poundsFromOunces(draft.packageWeightOunce);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && onEnter) {
      event.preventDefault();
      onEnter();
    }
  };
  const boxes = packaging.data ?? [];

  return (
    <Group align="flex-start" gap="sm" wrap="wrap" data-testid={`package-controls-${id}`}>
      {!external && (
        <Select
          label="Packaging"
          data-testid={`packaging-${id}`}
          w={200}
          placeholder={packaging.isPending ? 'Loading...' : 'Choose the box'}
          disabled={disabled}
          searchable
          data={[
            { value: '0', label: 'Unknown Packaging', disabled: true },
            ...boxes.map((box, index) => ({
              value: String(box.id),
              label: `${index + 1}. ${box.commonName}`,
            })),
          ]}
          value={draft.warehousePackagingId ? String(draft.warehousePackagingId) : null}
          onChange={(value) => panel.chooseBox(boxes.find((box) => String(box.id) === value) ?? null)}
          error={!disabled && !draft.warehousePackagingId}
          aria-invalid={!draft.warehousePackagingId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <DraftNumberInput
        label="Weight (lb)"
        data-testid={`weight-${id}`}
        w={120}
        step={WEIGHT_STEP_POUNDS}
        min={0}
        max={SHIPMENT_CONTROL_MAX}
        decimalScale={2}
        allowNegative={false}
        disabled={disabled}
        value={pounds}
        onValue={(value) => panel.setField('packageWeightOunce', ouncesFromPounds(value))}
        error={!disabled && isWeightInputError(pounds)}
        aria-invalid={isWeightInputError(pounds)}
        onKeyDown={onKeyDown}
        description={
          panel.manualWeight && scaleConnected ? (
            <Anchor component="button" type="button" size="xs" onClick={panel.useScaleWeight}>
              Use scale
            </Anchor>
          ) : undefined
        }
      />
      {SIDES.map(({ field, label }) => (
        <DraftNumberInput
          key={field}
          label={label}
          data-testid={`${field}-${id}`}
          w={110}
          step={DIMENSION_STEP_INCH}
          min={0}
          max={SHIPMENT_CONTROL_MAX}
          decimalScale={2}
          allowNegative={false}
          required
          disabled={disabled}
          value={draft[field]}
          onValue={(value) => panel.setField(field, value)}
          error={!disabled && isDimensionInputError(draft[field])}
          aria-invalid={isDimensionInputError(draft[field])}
          onKeyDown={onKeyDown}
        />
      ))}
      <Checkbox
        mt={30}
        label="Training Shipment"
        data-testid={`training-${id}`}
        disabled={disabled}
        checked={draft.isTrainingShipment === 1}
        onChange={(event) => panel.setField('isTrainingShipment', event.currentTarget.checked ? 1 : 0)}
      />
    </Group>
  );
}
