import { Stack, Text } from '@mantine/core';
import { useProductSiteCategories } from '../../api';

/** The product's marketplace categories (§2.4 marketplace category action), one line per marketplace. */
export function MarketplaceCategories({ productId }: { productId: number }) {
  const categories = useProductSiteCategories(productId);
  return (
    <Stack gap={2} data-testid="product-marketplace-categories">
      <Text size="xs" c="dimmed">
        Marketplace Categories
      </Text>
      {categories.data?.length ? (
        categories.data.map((category) => (
          <Text key={category.id} size="sm">
            <b>{category.siteName}</b> · {category.path}
          </Text>
        ))
      ) : (
        <Text size="sm" c="dimmed">
          {categories.isPending ? 'Loading...' : 'None chosen yet.'}
        </Text>
      )}
    </Stack>
  );
}
