import {
  CONDITION_SEVERITIES,
  type ConditionListingData,
  conditionSummary,
  severityName,
} from '@backroom/shared';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';

/** The summary the form's fields make (catalogue's condition summary rule, returns.md §9 format). */
export function summaryOf(data: ConditionListingData): string {
  return conditionSummary({
    wearSeverity: severityName(data.wearConditionSeverityId),
    wearDescription: data.wearConditionDescription,
    damageSeverity: severityName(data.damageConditionSeverityId),
    damageDescription: data.damageConditionDescription,
    missingDescription: data.missingConditionDescription,
    note: data.conditionDescription,
  });
}

/**
 * Product condition description form (returns.md §2): wear and damage severity with descriptions, missing,
 * additional notes, and the one-line summary they make, highlighted as an error while empty.
 */
export function ConditionForm({
  value,
  onChange,
  disabled,
}: {
  value: ConditionListingData;
  /** Gets an update of the latest data, never a copy of an older render's. */
  onChange: (update: (previous: ConditionListingData) => ConditionListingData) => void;
  disabled?: boolean;
}) {
  const set = (fields: Partial<ConditionListingData>) => onChange((previous) => ({ ...previous, ...fields }));
  const severity = (label: string, id: number | null | undefined, field: keyof ConditionListingData) => (
    <Select
      label={label}
      clearable
      placeholder="None"
      disabled={disabled}
      comboboxProps={{ withinPortal: false }}
      data={CONDITION_SEVERITIES.map((s) => ({ value: String(s.id), label: s.name }))}
      value={id ? String(id) : null}
      onChange={(next) => set({ [field]: next ? Number(next) : null })}
    />
  );
  const text = (label: string, field: keyof ConditionListingData) => (
    <TextInput
      label={label}
      disabled={disabled}
      value={(value[field] as string | null | undefined) ?? ''}
      onChange={(event) => set({ [field]: event.currentTarget.value || null })}
    />
  );
  const summary = summaryOf(value);
  return (
    <Stack gap="xs" data-testid="condition-form">
      <SimpleGrid cols={2} spacing="sm">
        {severity('Wear severity', value.wearConditionSeverityId, 'wearConditionSeverityId')}
        {text('Wear description', 'wearConditionDescription')}
        {severity('Damage severity', value.damageConditionSeverityId, 'damageConditionSeverityId')}
        {text('Damage description', 'damageConditionDescription')}
        {text('Missing', 'missingConditionDescription')}
        {text('Additional notes', 'conditionDescription')}
      </SimpleGrid>
      <Textarea
        label="Condition summary"
        readOnly
        autosize
        value={summary}
        error={summary === '' ? 'Describe the condition' : undefined}
        data-testid="condition-summary"
      />
    </Stack>
  );
}
