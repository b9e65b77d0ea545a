import { Badge, Group, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import type { SearchProduct } from '../api';
import { attributeValuesText } from '../lib/product-fields';
import { activeImageCount, nextReviewText, reviewedText } from '../lib/search-modes';

const yesNo = (flag: number, yes: string) => (
  <Badge variant="light" color={flag === 1 ? 'green' : 'gray'}>
    {flag === 1 ? yes : 'No'}
  </Badge>
);

/** The product's images with their active and primary flags, and the image review dates. */
export function ImagesPanel({ product }: { product: SearchProduct }) {
  return (
    <Stack>
      <Group gap="xl">
        <Text>
          <b>Reviewed:</b> {reviewedText(product.imagesReviewedAt)}
        </Text>
        <Text>
          <b>Next Review:</b> {nextReviewText(product.imagesNextReviewAt)}
        </Text>
        <Text data-testid="active-image-count">
          <b>Active images:</b> {activeImageCount(product.images)}
        </Text>
      </Group>
      {product.images.length === 0 ? (
        <Text c="dimmed">This product has no images yet.</Text>
      ) : (
        <Table withTableBorder striped maw={520} data-testid="product-images">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Image</Table.Th>
              <Table.Th>Active</Table.Th>
              <Table.Th>Primary</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {product.images.map((image) => (
              <Table.Tr key={image.id}>
                <Table.Td>#{image.id}</Table.Td>
                <Table.Td>{yesNo(image.isActive, 'Active')}</Table.Td>
                <Table.Td>{yesNo(image.isPrimaryImage, 'Primary')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export function AttributesPanel({ product }: { product: SearchProduct }) {
  if (product.attributes.length === 0) return <Text c="dimmed">This item has no attributes yet!</Text>;
  return (
    <Table withTableBorder striped data-testid="product-attributes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Attribute</Table.Th>
          <Table.Th>Values</Table.Th>
          <Table.Th>Variant</Table.Th>
          <Table.Th>Facet</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {product.attributes.map((attribute) => (
          <Table.Tr key={attribute.id}>
            <Table.Td>{attribute.name}</Table.Td>
            <Table.Td>{attributeValuesText(attribute.valueJSON)}</Table.Td>
            <Table.Td>{attribute.isVariant === 1 ? 'Yes' : 'No'}</Table.Td>
            <Table.Td>{attribute.isFacet === 1 ? 'Yes' : 'No'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The SEO view: the name as listed; descriptions are not stored yet, so the field only holds its place. */
export function SeoPanel({ product }: { product: SearchProduct }) {
  return (
    <Stack maw={760}>
      <TextInput label="Name" value={product.name} readOnly variant="filled" />
      <Textarea
        label="Description"
        placeholder="Product descriptions are not stored yet."
        autosize
        minRows={4}
        disabled
      />
    </Stack>
  );
}
