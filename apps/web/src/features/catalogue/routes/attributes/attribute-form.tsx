import type { Attribute } from '@backroom/shared';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { useSaveAttribute } from '../../api';
import { CrossIcon } from '../../components/icons';
import { type AttributeDraft, draftOf, draftProblem, payloadOf } from '../../lib/attribute-draft';

/**
 * One attribute's name, flags and value lists (catalogue-admin.md §3 Attribute; §4 Attribute value lists:
 * maxValues 0 takes any number of values, 1 makes a single choice with 'None'). A new attribute is made in
 * the signed-in account; after 'Created Attribute …' the form is empty again for the next one (§7).
 */
export function AttributeForm({
  attribute,
  accountId,
  readOnly,
  onUpdated,
}: {
  attribute: Attribute | null;
  accountId: number;
  readOnly: boolean;
  onUpdated: (saved: Attribute) => void;
}) {
  const [draft, setDraft] = useState<AttributeDraft>(() => draftOf(attribute));
  const save = useSaveAttribute();
  const problem = draftProblem(draft);
  const set = (change: Partial<AttributeDraft>) => setDraft((current) => ({ ...current, ...change }));
  const setList = (index: number, change: Partial<AttributeDraft['lists'][number]>) =>
    set({ lists: draft.lists.map((list, i) => (i === index ? { ...list, ...change } : list)) });
  const fieldError = (field: string) =>
    save.error instanceof ApiError ? save.error.fields?.find((f) => f.field === field)?.message : undefined;

  const submit = () =>
    save.mutate(payloadOf(attribute ? { id: attribute.id } : { accountId }, draft), {
      onSuccess: (saved) => {
        notify({
          color: 'green',
          message: `${attribute ? 'Updated' : 'Created'} Attribute ${saved.name}`,
        });
        if (attribute) onUpdated(saved);
        else setDraft(draftOf(null));
      },
    });

  return (
    <Stack data-testid="attribute-form">
      <Title order={3}>{attribute ? `Attribute #${attribute.id}` : 'New Attribute'}</Title>
      <TextInput
        label="Name"
        required
        disabled={readOnly}
        value={draft.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
        error={fieldError('name')}
      />
      <Group>
        <Checkbox
          label="Variant (products of a family differ by it)"
          disabled={readOnly}
          checked={draft.isVariant}
          onChange={(event) => set({ isVariant: event.currentTarget.checked })}
        />
        <Checkbox
          label="Facet (filters the storefront)"
          disabled={readOnly}
          checked={draft.isFacet}
          onChange={(event) => set({ isFacet: event.currentTarget.checked })}
        />
        <Checkbox
          label="Restricted to its lists"
          disabled={readOnly}
          checked={draft.isListRestricted}
          onChange={(event) => set({ isListRestricted: event.currentTarget.checked })}
        />
      </Group>
      <Text fw={600}>Value Lists</Text>
      {draft.lists.length === 0 && (
        <Text size="sm" c="dimmed">
          No lists: values are free text.
        </Text>
      )}
      {draft.lists.map((list, index) => (
        <ValueListCard
          // biome-ignore lint/suspicious/noArrayIndexKey: a list being typed has no other identity yet.
          key={index}
          list={list}
          index={index}
          readOnly={readOnly}
          listError={fieldError(`lists.options.${index}.list`)}
          onChange={(change) => setList(index, change)}
          onRemove={() => set({ lists: draft.lists.filter((_, i) => i !== index) })}
        />
      ))}
      <Group justify="space-between">
        <Button
          variant="default"
          disabled={readOnly}
          onClick={() =>
            set({
              lists: [
                ...draft.lists,
                { list: draft.lists.length === 0 ? 'Default' : '', options: [], maxValues: 0 },
              ],
            })
          }
        >
          Add List
        </Button>
        <Group gap="sm">
          {problem && (
            <Text size="sm" c="red" data-testid="attribute-problem">
              {problem}
            </Text>
          )}
          <Button onClick={submit} loading={save.isPending} disabled={readOnly || problem !== null}>
            {attribute ? 'Save Attribute' : 'Create Attribute'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

type ValueList = AttributeDraft['lists'][number];

/** One value list: its name, how many values it takes, its options, and the button that removes it. */
function ValueListCard({
  list,
  index,
  readOnly,
  listError,
  onChange,
  onRemove,
}: {
  list: ValueList;
  index: number;
  readOnly: boolean;
  listError: string | undefined;
  onChange: (change: Partial<ValueList>) => void;
  onRemove: () => void;
}) {
  return (
    <Paper withBorder p="xs" data-testid={`attribute-list-${index}`}>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label="List"
          w={160}
          disabled={readOnly}
          value={list.list}
          onChange={(event) => onChange({ list: event.currentTarget.value })}
          error={listError}
        />
        <NumberInput
          label="Max Values"
          description="0 = any number"
          w={120}
          min={0}
          max={100}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          disabled={readOnly}
          value={list.maxValues}
          onChange={(value) => onChange({ maxValues: typeof value === 'number' ? value : 0 })}
        />
        <TagsInput
          label="Options"
          placeholder="Type an option and press Enter"
          style={{ flex: 1 }}
          disabled={readOnly}
          value={list.options}
          onChange={(options) => onChange({ options })}
          splitChars={[',']}
          allowDuplicates={false}
        />
        <Tooltip label={`Remove the list ${list.list || ''}`.trim()}>
          <ActionIcon
            variant="subtle"
            color="red"
            disabled={readOnly}
            aria-label={`Remove list ${list.list}`}
            onClick={onRemove}
          >
            <CrossIcon />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}
