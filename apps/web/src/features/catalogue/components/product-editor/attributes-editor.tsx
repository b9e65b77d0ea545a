import {
  type Attribute as AttributeDefinition,
  attributeValueLabel,
  type Product,
  type ProductAttribute,
} from '@backroom/shared';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';

import { useMemo, useState } from 'react';

import { Link } from 'react-router';

import { useAttributeSearch, useCategorySearch } from '../../api';
import { AttributeValuesInput } from './attribute-values-input';

import { FamilyAttributes, type FamilyMember, SITE_FAMILY_TABLE } from './family-attributes';
import { SiteRequirements, type SiteRequirementsData, StorefrontFacets } from './site-requirements';

interface AttributesEditorProps {
  product: Product;
  attributes: ProductAttribute[];
  onChange: (attributes: ProductAttribute[]) => void;
  /** The product's siblings (same family), as edited so far. Without it there is no Family section. */
  family?: FamilyMember[];
  onOpenProduct?: (id: number) => void;
  /** Saves the given products' attribute lists at once (merge and replace are not pending changes). */
  onSaveFamily?: (changes: { id: number; attributes: ProductAttribute[] }[]) => Promise<void>;
  /**
   * The second variant of §2.5 (the collections area): a site's requirement groups ('any of') and its
   * storefront's facets are shown, and the family table's Settings are disabled (25 rows a page).
   */
  site?: SiteRequirementsData;
}

/** The product attributes editor and family merge of catalogue-admin.md §2.5 and §4.3. */
export function AttributesEditor({
  product,
  attributes,
  onChange,
  family,
  onOpenProduct,
  onSaveFamily,
  site,
}: AttributesEditorProps) {
  const definitionsQuery = useAttributeSearch('');
  const definitions = useMemo(
    () => new Map((definitionsQuery.data ?? []).map((definition) => [definition.id, definition])),
    [definitionsQuery.data],
  );
  const name = (id: number) =>
    definitions.get(id)?.name ?? product.attributes.find((a) => a.id === id)?.name ?? `#${id}`;
  const [selectedAttributes, setSelectedAttributes] = useState<number[]>([]);

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

  return (
    <Stack gap="md" data-testid="attributes-editor">
      <CurrentAttributes attributes={attributes} name={name} />

      <CategoryAttributes product={product} present={present} onAdd={add} />

      {site && (
        <>
          <SiteRequirements site={site} attributes={attributes} onAdd={add} />
          <StorefrontFacets facets={site.facets} attributes={attributes} />
        </>
      )}

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

      <FindAttributes definitions={definitionsQuery.data ?? []} present={present} onAdd={add} />

      {family && (
        <FamilyAttributes
          family={family}
          attributes={attributes}
          selectedAttributes={selectedAttributes}
          onOpenProduct={onOpenProduct}
          onSaveFamily={onSaveFamily}
          table={site ? SITE_FAMILY_TABLE : undefined}
        />
      )}
    </Stack>
  );
}

const valuesText = (attribute: ProductAttribute) =>
  Object.entries(attribute.valueJSON)
    .flatMap(([list, values]) => values.map((value) => attributeValueLabel(list, value)))
    .join(', ');

/** 'All Current Product Attributes': a badge per attribute with its values. */
function CurrentAttributes({
  attributes,
  name,
}: {
  attributes: ProductAttribute[];
  name: (id: number) => string;
}) {
  return (
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
  );
}

/** 'Find Attributes to Add': search the account's attributes not yet on the product. */
function FindAttributes({
  definitions,
  present,
  onAdd,
}: {
  definitions: AttributeDefinition[];
  present: Set<number>;
  onAdd: (attributeId: number) => void;
}) {
  return (
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
          data={definitions
            .filter((definition) => !present.has(definition.id))
            .map((definition) => ({ value: String(definition.id), label: definition.name }))}
          onChange={(id) => id && onAdd(Number(id))}
          w={280}
        />
        <Anchor component={Link} to="/account/attribute" size="sm">
          Edit or create attributes
        </Anchor>
      </Group>
    </div>
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
