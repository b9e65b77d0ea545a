import {
  BULK_DIMENSION_MAX,
  BULK_DIMENSION_STEP,
  type BulkInputs,
  PRICE_STEP,
  trainedPackagingPrefill,
} from '@backroom/shared';
import { Group, NumberInput, Select } from '@mantine/core';
import { usePackaging } from '../../api';

/** "Dimension inputs range 0.00 to 10000.00 in steps of 0.01." */
function MeasureInput({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: BulkInputs['dim']['heightInch'];
  disabled?: boolean;
  onChange: (value: string | number) => void;
}) {
  return (
    <NumberInput
      label={label}
      w={104}
      min={0}
      max={BULK_DIMENSION_MAX}
      step={BULK_DIMENSION_STEP}
      decimalScale={2}
      clampBehavior="strict"
      disabled={disabled}
      value={value ?? ''}
      onChange={onChange}
    />
  );
}

type Sides = Pick<BulkInputs['dim'], 'lengthInch' | 'widthInch' | 'heightInch'>;
const SIDES = [
  ['lengthInch', 'Length (in)'],
  ['widthInch', 'Width (in)'],
  ['heightInch', 'Height (in)'],
] as const;

/** Length, width and height in inches, as the product's or the box's. */
function SideInputs<T extends Sides>({
  value,
  disabled,
  onChange,
}: {
  value: T;
  disabled?: boolean;
  onChange: (value: T) => void;
}) {
  return SIDES.map(([side, label]) => (
    <MeasureInput
      key={side}
      label={label}
      value={value[side]}
      disabled={disabled}
      onChange={(inches) => onChange({ ...value, [side]: inches })}
    />
  ));
}

/** Update Product DIM: the product's three sides in inches and its weight in pounds (stored in ounces). */
export function DimInputs({
  value,
  onChange,
}: {
  value: BulkInputs['dim'];
  onChange: (value: BulkInputs['dim']) => void;
}) {
  return (
    <Group gap="xs" align="flex-end">
      <SideInputs value={value} onChange={onChange} />
      <MeasureInput
        label="Weight (lb)"
        value={value.weightPound}
        onChange={(weightPound) => onChange({ ...value, weightPound })}
      />
    </Group>
  );
}

/**
 * Update Trained Shipping: a cost, one of the account's boxes and the box's inches. "Selecting a packaging
 * prefills them"; "dimensions are editable only for custom packaging".
 */
export function TrainedShippingInputs({
  value,
  onChange,
}: {
  value: BulkInputs['trainedShipping'];
  onChange: (value: BulkInputs['trainedShipping']) => void;
}) {
  const packaging = usePackaging();
  const boxes = packaging.data ?? [];
  const chosen = boxes.find((box) => box.id === value.packagingId);
  const editable = chosen ? trainedPackagingPrefill(chosen).dimensionsEditable : false;
  return (
    <Group gap="xs" align="flex-end">
      <NumberInput
        label="Shipping Cost"
        w={120}
        min={0}
        step={PRICE_STEP}
        decimalScale={2}
        value={value.cost ?? ''}
        onChange={(cost) => onChange({ ...value, cost })}
      />
      <Select
        label="Packaging"
        w={200}
        searchable
        placeholder={packaging.isPending ? 'Loading...' : 'Choose a box'}
        nothingFoundMessage="No packaging"
        data={boxes.map((box) => ({
          value: String(box.id),
          label: box.isCustom ? `${box.commonName} (custom)` : box.commonName,
        }))}
        value={value.packagingId ? String(value.packagingId) : null}
        onChange={(id) => {
          const box = boxes.find((b) => b.id === Number(id));
          if (!box) return onChange({ ...value, packagingId: null });
          const prefill = trainedPackagingPrefill(box);
          onChange({
            ...value,
            packagingId: box.id,
            lengthInch: prefill.lengthInch,
            widthInch: prefill.widthInch,
            heightInch: prefill.heightInch,
          });
        }}
      />
      <SideInputs value={value} disabled={!editable} onChange={onChange} />
    </Group>
  );
}
