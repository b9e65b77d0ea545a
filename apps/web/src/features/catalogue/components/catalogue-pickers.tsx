import { useMemo } from 'react';
import { AutocompletePicker, type AutocompletePickerProps } from '../../../components/autocomplete-picker';
import { usePurchasingStatuses, useVendors } from '../api';

type IdPickerProps = Omit<AutocompletePickerProps, 'data' | 'value' | 'onChange' | 'loading'> & {
  value: number | null;
  onChange: (id: number | null) => void;
};

function useOptions(rows: { id: number; name: string }[] | undefined) {
  return useMemo(() => (rows ?? []).map((row) => ({ value: String(row.id), label: row.name })), [rows]);
}

/** The account's vendors (GET account/vendors) in the shared autocomplete picker. */
export function VendorPicker({ value, onChange, ...props }: IdPickerProps) {
  const vendors = useVendors();
  const data = useOptions(vendors.data);
  return (
    <AutocompletePicker
      label="Vendor:"
      placeholder="Any vendor"
      nothingFoundMessage="No vendor found"
      {...props}
      data={data}
      loading={vendors.isLoading}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
    />
  );
}

/** The purchasing statuses (GET product/purchasingStatuses, cached 2.5 minutes) in the shared picker. */
export function PurchasingStatusPicker({ value, onChange, ...props }: IdPickerProps) {
  const statuses = usePurchasingStatuses();
  const data = useOptions(statuses.data);
  return (
    <AutocompletePicker
      label="Purchasing Status:"
      placeholder="Any status"
      nothingFoundMessage="No status found"
      {...props}
      data={data}
      loading={statuses.isLoading}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
    />
  );
}
