import type { SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../deps';
import type { AuthContext } from '../../auth/auth-cache';
import { inventorySummaries } from '../inventory-summary';
import { emptyInventory } from '../product-dto';
import { attributesOf, colorsOf, selectProductRows } from '../products.repository';

/** Products with their statuses, category, attributes, colors and inventory, in five queries whatever their number. */
export async function loadProducts(deps: AppDeps, auth: AuthContext, where: SQL) {
  const rows = await selectProductRows(deps.db, auth.accountId, where);
  const ids = rows.map((r) => r.product.id);
  const [attrs, colors, inventory] = await Promise.all([
    attributesOf(deps.db, ids),
    colorsOf(deps.db, ids),
    inventorySummaries(deps.db, auth.accountId, ids),
  ]);
  // Completes each product object in place rather than copying it once more.
  return rows.map(({ product, pricingStrategy, purchasingStatus, category }) =>
    Object.assign(product, {
      pricingStrategy: pricingStrategy?.id ? { ...pricingStrategy, name: pricingStrategy.label } : null,
      purchasingStatus: purchasingStatus?.id ? purchasingStatus : null,
      category: category?.id ? category : null,
      attributes: attrs.get(product.id) ?? [],
      colors: colors.get(product.id) ?? [],
      inventory: inventory.get(product.id) ?? emptyInventory(product.id),
    }),
  );
}
