import { CONDITION_SEVERITIES } from '@backroom/shared';
import { Select, SimpleGrid, Textarea, TextInput, Title } from '@mantine/core';
import { type Draft, draftSummary } from './used-variant-draft';

function SeveritySelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  return (
    <Select
      label={label}
      clearable
      placeholder="None"
      data={CONDITION_SEVERITIES.map((s) => ({ value: String(s.id), label: s.name }))}
      value={value ? String(value) : null}
      onChange={(id) => onChange(id ? Number(id) : null)}
    />
  );
}

/** A used variant's condition: wear, damage, missing, notes, and the summary they make. */
export function VariantConditionFields({
  draft,
  set,
}: {
  draft: Draft;
  set: (fields: Partial<Draft>) => void;
}) {
  const summary = draftSummary(draft);
  const text = (
    label: string,
    key: 'wearDescription' | 'damageDescription' | 'missingDescription' | 'note',
  ) => (
    <TextInput
      label={label}
      value={draft[key]}
      onChange={(event) => set({ [key]: event.currentTarget.value })}
    />
  );
  return (
    <>
      <Title order={6}>Condition</Title>
      <SimpleGrid cols={2} spacing="sm">
        <SeveritySelect
          label="Wear severity"
          value={draft.wearSeverityId}
          onChange={(id) => set({ wearSeverityId: id })}
        />
        {text('Wear description', 'wearDescription')}
        <SeveritySelect
          label="Damage severity"
          value={draft.damageSeverityId}
          onChange={(id) => set({ damageSeverityId: id })}
        />
        {text('Damage description', 'damageDescription')}
        {text('Missing', 'missingDescription')}
        {text('Additional notes', 'note')}
      </SimpleGrid>
      <Textarea
        label="Condition summary"
        readOnly
        autosize
        value={summary}
        error={summary === '' ? 'Describe the condition' : undefined}
        data-testid="condition-summary"
      />
    </>
  );
}
