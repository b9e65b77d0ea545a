import {
  type Attribute as AttributeDefinition,
  attributesToCopy,
  attributeValueLabel,
  canMergeFamily,
  FAMILY_MERGE_PATIENCE_TEXT,
  mergeButtonLabel,
  mergeFamilyAttributes,
  type Product,
  type ProductAttribute,
  REPLACE_ATTRIBUTES_BUTTON,
  REPLACE_CANCEL_BUTTON,
  replaceConfirmationText,
  replaceFamilyAttributes,
  savingFamilyAttributesText,
} from '@backroom/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';

import { useMemo, useState } from 'react';

import { Link } from 'react-router';

import { Modal } from '../../../../components/modal';

import { ReasonButton } from '../../../../components/reason-button';

import { whyNot } from '../../../../lib/why-not';

import { useAttributeSearch, useCategorySearch } from '../../api';
import { AttributeValuesInput } from './attribute-values-input';

export interface FamilyMember {
  id: number;
  sku: string;
  name: string;
  attributes: ProductAttribute[];
}

interface AttributesEditorProps {
  product: Product;
  attributes: ProductAttribute[];
  onChange: (attributes: ProductAttribute[]) => void;
  /** The product's siblings (same family), as edited so far. Without it there is no Family section. */
  family?: FamilyMember[];
  onOpenProduct?: (id: number) => void;
  /** Saves the given products' attribute lists at once (merge and replace are not pending changes). */
  onSaveFamily?: (changes: { id: number; attributes: ProductAttribute[] }[]) => Promise<void>;
}

const valuesText = (attribute: ProductAttribute) =>
  Object.entries(attribute.valueJSON)
    .flatMap(([list, values]) => values.map((value) => attributeValueLabel(list, value)))
    .join(', ');

/** The product attributes editor and family merge of catalogue-admin.md §2.5 and §4.3. */
export function AttributesEditor({
  product,
  attributes,
  onChange,
  family,
  onOpenProduct,
  onSaveFamily,
}: AttributesEditorProps) {
  const definitionsQuery = useAttributeSearch('');
  const definitions = useMemo(
    () => new Map((definitionsQuery.data ?? []).map((definition) => [definition.id, definition])),
    [definitionsQuery.data],
  );
  const name = (id: number) =>
    definitions.get(id)?.name ?? product.attributes.find((a) => a.id === id)?.name ?? `#${id}`;
  const [selectedAttributes, setSelectedAttributes] = useState<number[]>([]);
  const [selectedMembers, setSelectedMembers] = useState<number[]>([]);
  const [saving, setSaving] = useState<number | null>(null);
  const [confirmReplace, setConfirmReplace] = useState(false);

  const present = new Set(attributes.map((attribute) => attribute.attributeId));
  const add = (attributeId: number) => {
    if (present.has(attributeId)) return;
    onChange([...attributes, { attributeId, valueJSON: {} }]);
  };
  const setValues = (attributeId: number, list: string, values: string[]) =>
    onChange(
      attributes.map((attribute) => {
        if (attribute.attributeId !== attributeId) return attribute;
        const valueJSON = { ...attribute.valueJSON };
        if (values.length) valueJSON[list] = values;
        else delete valueJSON[list];
        return { ...attribute, valueJSON };
      }),
    );
  const remove = (attributeId: number) => {
    onChange(attributes.filter((attribute) => attribute.attributeId !== attributeId));
    setSelectedAttributes((ids) => ids.filter((id) => id !== attributeId));
  };

  const copied = attributesToCopy(attributes, selectedAttributes);
  const members = (family ?? []).filter((member) => selectedMembers.includes(member.id));
  const familyReason = whyNot(
    [!canMergeFamily(members.length), 'Tick the family members to copy the attributes to first'],
    [copied.length === 0, 'The product has no attributes to copy'],
  );
  const runFamily = async (mode: 'merge' | 'replace') => {
    if (!onSaveFamily) return;
    setConfirmReplace(false);
    setSaving(copied.length);
    try {
      await onSaveFamily(
        members.map((member) => ({
          id: member.id,
          attributes:
            mode === 'merge'
              ? mergeFamilyAttributes(attributes, member.attributes, selectedAttributes)
              : replaceFamilyAttributes(attributes, member.attributes, selectedAttributes),
        })),
      );
      setSelectedMembers([]);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Stack gap="md" data-testid="attributes-editor">
      <div>
        <Title order={6}>All Current Product Attributes</Title>
        {attributes.length === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <Group gap={6} mt={4}>
            {attributes.map((attribute) => (
              <Badge key={attribute.attributeId} variant="light" tt="none">
                {name(attribute.attributeId)}
                {valuesText(attribute) ? `: ${valuesText(attribute)}` : ''}
              </Badge>
            ))}
          </Group>
        )}
      </div>

      <CategoryAttributes product={product} present={present} onAdd={add} />

      <div>
        <Title order={6}>Product Attributes</Title>
        {attributes.length === 0 ? (
          <Text size="sm" c="dimmed">
            This item has no attributes yet!
          </Text>
        ) : (
          <Stack gap="xs" mt={4}>
            {attributes.map((attribute) => (
              <AttributeRow
                key={attribute.attributeId}
                attribute={attribute}
                name={name(attribute.attributeId)}
                definition={definitions.get(attribute.attributeId)}
                selected={family ? selectedAttributes.includes(attribute.attributeId) : null}
                onSelect={(on) =>
                  setSelectedAttributes((ids) =>
                    on ? [...ids, attribute.attributeId] : ids.filter((id) => id !== attribute.attributeId),
                  )
                }
                onValues={(list, values) => setValues(attribute.attributeId, list, values)}
                onRemove={() => remove(attribute.attributeId)}
              />
            ))}
          </Stack>
        )}
      </div>

      <div>
        <Title order={6}>Find Attributes to Add</Title>
        <Group gap="sm" align="flex-end" mt={4}>
          <Select
            aria-label="Find Attributes to Add"
            placeholder="Search attributes"
            searchable
            clearable
            value={null}
            nothingFoundMessage="No attributes found"
            data={(definitionsQuery.data ?? [])
              .filter((definition) => !present.has(definition.id))
              .map((definition) => ({ value: String(definition.id), label: definition.name }))}
            onChange={(id) => id && add(Number(id))}
            w={280}
          />
          <Anchor component={Link} to="/account/attribute" size="sm">
            Edit or create attributes
          </Anchor>
        </Group>
      </div>

      {family && (
        <div>
          <Title order={6}>Family</Title>
          {family.length === 0 ? (
            <Text size="sm" c="dimmed">
              This product has no family members.
            </Text>
          ) : (
            <Stack gap="xs" mt={4}>
              <Table withTableBorder striped data-testid="family-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={36}>
                      <Checkbox
                        aria-label="Select all family members"
                        checked={selectedMembers.length === family.length}
                        indeterminate={selectedMembers.length > 0 && selectedMembers.length < family.length}
                        onChange={(event) =>
                          setSelectedMembers(event.currentTarget.checked ? family.map((m) => m.id) : [])
                        }
                      />
                    </Table.Th>
                    <Table.Th>SKU</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Attributes</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {family.map((member) => (
                    <Table.Tr key={member.id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${member.sku}`}
                          checked={selectedMembers.includes(member.id)}
                          onChange={(event) => {
                            const on = event.currentTarget.checked;
                            setSelectedMembers((ids) =>
                              on ? [...ids, member.id] : ids.filter((id) => id !== member.id),
                            );
                          }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Anchor component="button" type="button" onClick={() => onOpenProduct?.(member.id)}>
                          {member.sku}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{member.name}</Table.Td>
                      <Table.Td>{member.attributes.length}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Group gap="sm">
                <ReasonButton
                  disabledReason={familyReason}
                  loading={saving !== null}
                  onClick={() => runFamily('merge')}
                >
                  {mergeButtonLabel(copied.length, members.length)}
                </ReasonButton>
                <ReasonButton
                  variant="light"
                  color="orange"
                  disabledReason={familyReason}
                  disabled={saving !== null}
                  onClick={() => setConfirmReplace(true)}
                >
                  {REPLACE_ATTRIBUTES_BUTTON}
                </ReasonButton>
              </Group>
              {saving !== null && (
                <Alert color="blue" data-testid="family-saving">
                  <Text fw={600}>{savingFamilyAttributesText(saving)}</Text>
                  <Text size="sm">{FAMILY_MERGE_PATIENCE_TEXT}</Text>
                </Alert>
              )}
            </Stack>
          )}
        </div>
      )}

      <Modal opened={confirmReplace} onClose={() => setConfirmReplace(false)} title="Replace Attributes">
        <Stack>
          <Text>{replaceConfirmationText(copied.length, members.length)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmReplace(false)}>
              {REPLACE_CANCEL_BUTTON}
            </Button>
            <Button color="orange" onClick={() => runFamily('replace')}>
              {REPLACE_ATTRIBUTES_BUTTON}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function AttributeRow({
  attribute,
  name,
  definition,
  selected,
  onSelect,
  onValues,
  onRemove,
}: {
  attribute: ProductAttribute;
  name: string;
  definition: AttributeDefinition | undefined;
  /** Chosen for a family merge; null without a Family section (nothing to choose for). */
  selected: boolean | null;
  onSelect: (selected: boolean) => void;
  onValues: (list: string, values: string[]) => void;
  onRemove: () => void;
}) {
  const lists = definition?.lists?.options ?? [];
  // Lists with values but no definition (an older list name) are still shown and editable.
  const listNames = [...new Set([...lists.map((l) => l.list), ...Object.keys(attribute.valueJSON)])];
  if (listNames.length === 0) listNames.push('Default');
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap" data-testid={`attribute-${name}`}>
      {selected !== null && (
        <Checkbox
          mt={8}
          aria-label={`Select ${name}`}
          checked={selected}
          onChange={(e) => onSelect(e.currentTarget.checked)}
        />
      )}
      <Text w={160} mt={6} fw={500} size="sm">
        {name}
      </Text>
      <SimpleGrid cols={1} spacing={4} style={{ flex: 1 }}>
        {listNames.map((list) => (
          <AttributeValuesInput
            key={list}
            label={list === 'Default' ? name : `${name} ${list}`}
            definition={lists.find((l) => l.list === list)}
            isListRestricted={definition?.isListRestricted === 1}
            values={[...(attribute.valueJSON[list] ?? [])]}
            onChange={(values) => onValues(list, values)}
          />
        ))}
      </SimpleGrid>
      <ActionIcon variant="subtle" color="red" mt={4} aria-label={`Remove ${name}`} onClick={onRemove}>
        ×
      </ActionIcon>
    </Group>
  );
}

/** The product category's attributes, required and suggested, from category search. */
function CategoryAttributes({
  product,
  present,
  onAdd,
}: {
  product: Product;
  present: Set<number>;
  onAdd: (attributeId: number) => void;
}) {
  const search = product.category?.name ?? '';
  const categories = useCategorySearch(search, search !== '');
  const category = categories.data?.find((c) => c.id === product.categoryId);
  const list = (required: boolean) => {
    const items = (category?.attributes ?? []).filter((a) => (a.isRequired === 1) === required);
    if (items.length === 0)
      return (
        <Text size="sm" c="dimmed">
          None
        </Text>
      );
    return (
      <Group gap={6}>
        {items.map((item) =>
          present.has(item.id) ? (
            <Badge key={item.id} color="green" variant="light" tt="none">
              {item.name}
            </Badge>
          ) : (
            <Button
              key={item.id}
              size="compact-xs"
              variant="outline"
              onClick={() => onAdd(item.id)}
              title="Add"
            >
              + {item.name}
            </Button>
          ),
        )}
      </Group>
    );
  };
  return (
    <div>
      <Title order={6}>Category Attributes</Title>
      <SimpleGrid cols={2} mt={4}>
        <div>
          <Text size="xs" c="dimmed">
            Required
          </Text>
          {list(true)}
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Suggested
          </Text>
          {list(false)}
        </div>
      </SimpleGrid>
    </div>
  );
}
