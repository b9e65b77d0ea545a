import type { ProductFacet, SiteAttributes } from '@backroom/shared';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { productExists } from './products.repository';
import * as repo from './site-attributes.repository';

// The attributes panel's site variant (catalogue-admin.md §2.5, §7): what a site requires of a product's
// attributes, and which attributes its storefront filters by. The product id is the account's (http/account-refs).

/** GET product/{productId}/siteAttributes?siteId: the site's requirement groups for the product, and their attributes. */
export async function siteAttributesOf(
  deps: AppDeps,
  auth: AuthContext,
  productId: number,
  siteId: number,
): Promise<SiteAttributes> {
  if (!(await productExists(deps.db, auth.accountId, productId)))
    throw notFound(`Product ${productId} not found.`);
  const requirementGroups = await repo.requirementGroupsFor(deps.db, auth.accountId, siteId, productId);
  const required = new Set(
    requirementGroups.filter((g) => g.attributeIds.length === 1).map((g) => g.attributeIds[0]),
  );
  const ids = [...new Set(requirementGroups.flatMap((g) => g.attributeIds))];
  const definitions = await repo.attributeDefinitions(deps.db, auth.accountId, ids);
  return {
    productId,
    siteId,
    requirementGroups,
    attributes: definitions.map((d) => ({ ...d, isRequired: required.has(d.id) ? 1 : 0 })),
  };
}

/**
 * GET product/facets?siteId&channelId: the attributes the storefront of that site and channel offers as facets
 * (its default collection's refinements), active ones first in their order, then the others by name.
 */
export async function productFacetsOf(
  deps: AppDeps,
  auth: AuthContext,
  siteId: number,
  channelId: number,
): Promise<ProductFacet[]> {
  const json = await repo.defaultCollectionJson(deps.db, auth.accountId, siteId, channelId);
  if (!json) return [];
  const { refinements, refinementOrder } = json.instantsearch.configuration;
  const named = await repo.attributesNamed(
    deps.db,
    auth.accountId,
    refinements.map((r) => r.component.attribute),
  );
  const byName = new Map(named.map((a) => [a.name.toLowerCase(), a]));
  const facets = refinements.flatMap((r) => {
    const attribute = byName.get(r.component.attribute.toLowerCase());
    if (!attribute) return []; // brand, category, price: not product attributes
    return [
      {
        attributeId: attribute.id,
        name: attribute.name,
        label: r.label,
        isActive: refinementOrder.includes(r.component.attribute),
        isEnabledCustomer: r.isEnabledCustomer,
      },
    ];
  });
  const rank = (f: ProductFacet) => {
    const at = refinementOrder.findIndex((a) => a.toLowerCase() === f.name.toLowerCase());
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  return facets.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}
