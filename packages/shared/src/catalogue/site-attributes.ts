// The attributes panel's site variant (catalogue-admin.md §2.5 "shows site-requirement groups ('any of')",
// §7 "Fetching required site attributes for a product id (response: requirementGroups and attributes) and
// fetching product facets (site id, channel id): paths and payloads not shown"). The paths are ours:
//   GET /api/backroom/product/{productId}/siteAttributes?siteId=   → data[0]: { requirementGroups, attributes }
//   GET /api/backroom/product/facets?siteId=&channelId=            → data: the site's storefront facets
import { z } from 'zod';
import { replyId as id, intFlag } from '../api/reply-fields';
import { idParam } from '../api/text';
import { SITE_ID } from '../orders/order-constants';
import type { AttributeValueJSON } from './attribute-merge';
import { attributeSchema } from './catalogue.schemas';

/** The sites a requirement or a storefront belongs to: Amazon, eBay, Reverb and the own store. */
export const SITE_IDS: readonly number[] = Object.values(SITE_ID);
const siteIdParam = idParam.refine((siteId) => SITE_IDS.includes(siteId), 'Not a known site');

export const siteAttributesQuerySchema = z.object({ siteId: siteIdParam });
export const productFacetsQuerySchema = z.object({ siteId: siteIdParam, channelId: idParam });

/**
 * What a site needs of a product: a product meets a group when it has a value of any of the group's attributes
 * ('any of'); a group of one attribute is a required attribute. `categoryId`: the group applies to that
 * category and those below it only (null: every product on the site).
 */
export const requirementGroupSchema = z.object({
  id,
  name: z.string(),
  categoryId: id.nullable(),
  attributeIds: z.array(id),
});
export type RequirementGroup = z.infer<typeof requirementGroupSchema>;

/** data[0] of …/siteAttributes: the groups that apply to the product, and the attributes they name. */
export const siteAttributesSchema = z.object({
  productId: id,
  siteId: id,
  requirementGroups: z.array(requirementGroupSchema),
  /** The definitions of every attribute the groups name; isRequired 1 when it alone makes a group. */
  attributes: z.array(attributeSchema.extend({ isRequired: intFlag })),
});
export type SiteAttributes = z.infer<typeof siteAttributesSchema>;

/** One storefront facet of the site's channel (its default collection's refinements) that is an attribute. */
export const productFacetSchema = z.object({
  attributeId: id,
  name: z.string(),
  label: z.string(),
  /** Among the storefront's active facets (refinementOrder), or offered but not active. */
  isActive: z.boolean(),
  isEnabledCustomer: z.boolean(),
});
export type ProductFacet = z.infer<typeof productFacetSchema>;

export const ANY_OF_LABEL = 'any of';

interface HeldAttribute {
  attributeId: number;
  valueJSON: AttributeValueJSON;
}

/** Whether the attribute has a value in any of its lists (an attribute added but left empty says nothing). */
export function hasAttributeValue(attributes: readonly HeldAttribute[], attributeId: number): boolean {
  const held = attributes.find((a) => a.attributeId === attributeId);
  return held !== undefined && Object.values(held.valueJSON).some((values) => values.length > 0);
}

/** Each group with whether the product (as edited) meets it: a value of any one of its attributes. */
export function requirementStatus(groups: readonly RequirementGroup[], attributes: readonly HeldAttribute[]) {
  return groups.map((group) => {
    const met = group.attributeIds.filter((attributeId) => hasAttributeValue(attributes, attributeId));
    return { ...group, met: met.length > 0, metBy: met };
  });
}

/** "Any of: Color, Finish" or, for a group of one, the attribute alone. */
export function requirementGroupText(names: readonly string[]): string {
  return names.length === 1
    ? names[0]!
    : `${ANY_OF_LABEL[0]!.toUpperCase()}${ANY_OF_LABEL.slice(1)}: ${names.join(', ')}`;
}
