import {
  hasAttributeValue,
  type ProductAttribute,
  type ProductFacet,
  requirementGroupText,
  requirementStatus,
  type SiteAttributes,
} from '@backroom/shared';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';

/** What a site needs of the product and what its storefront filters by: the attributes panel's site variant. */
export interface SiteRequirementsData {
  /** The site's name as the panel says it ('Demo Music Storefront'). */
  siteName: string;
  requirements: SiteAttributes | undefined;
  facets: ProductFacet[] | undefined;
}

/**
 * §2.5 second variant: the site's requirement groups ('any of'), each met by a value of any one of its attributes
 * as the product is being edited, with a button to add each attribute the product lacks.
 */
export function SiteRequirements({
  site,
  attributes,
  onAdd,
}: {
  site: SiteRequirementsData;
  attributes: ProductAttribute[];
  onAdd: (attributeId: number) => void;
}) {
  const definitions = site.requirements?.attributes ?? [];
  const name = (id: number) => definitions.find((d) => d.id === id)?.name ?? `#${id}`;
  const groups = requirementStatus(site.requirements?.requirementGroups ?? [], attributes);
  const present = new Set(attributes.map((a) => a.attributeId));
  return (
    <div data-testid="site-requirements">
      <Title order={6}>Site Requirements: {site.siteName}</Title>
      {!site.requirements ? (
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      ) : groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <Table withTableBorder mt={4}>
          <Table.Tbody>
            {groups.map((group) => (
              <Table.Tr key={group.id} data-testid={`requirement-${group.name}`}>
                <Table.Td w={130} fw={500}>
                  {group.name}
                </Table.Td>
                <Table.Td>{requirementGroupText(group.attributeIds.map(name))}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge color={group.met ? 'green' : 'red'} variant="light">
                    {group.met ? 'Met' : 'Missing'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {group.met
                      ? null
                      : group.attributeIds
                          .filter((id) => !present.has(id))
                          .map((id) => (
                            <Button key={id} size="compact-xs" variant="outline" onClick={() => onAdd(id)}>
                              + {name(id)}
                            </Button>
                          ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}

/** The storefront's facets that are attributes: green where the product has a value, so it shows under that filter. */
export function StorefrontFacets({
  facets,
  attributes,
}: {
  facets: ProductFacet[] | undefined;
  attributes: ProductAttribute[];
}) {
  return (
    <Stack gap={4} data-testid="storefront-facets">
      <Title order={6}>Storefront Facets</Title>
      {!facets ? (
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      ) : facets.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <Group gap={6}>
          {facets.map((facet) => {
            const has = hasAttributeValue(attributes, facet.attributeId);
            return (
              <Badge
                key={facet.attributeId}
                tt="none"
                variant={facet.isActive ? 'light' : 'outline'}
                color={has ? 'green' : 'gray'}
                title={`${facet.isActive ? 'An active facet' : 'Offered, not active'}; ${has ? 'the product has a value' : 'the product has no value: it is not found by this filter'}`}
              >
                {facet.label}
                {has ? '' : ' (no value)'}
              </Badge>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}
