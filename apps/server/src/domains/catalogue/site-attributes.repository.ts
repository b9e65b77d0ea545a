import type { CollectionJson } from '@backroom/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import { attributes, siteRequirementGroupAttributes } from '../../db/schema';

// The SQL of the attributes panel's site variant (site-attributes.service.ts): a site's requirement groups for a
// product, and the storefront facets of an account site.

/**
 * The site's requirement groups that apply to the product: those for every product (no category) and those for
 * its category or one above it. Each with its attribute ids, by group name.
 */
export async function requirementGroupsFor(db: Db, accountId: number, siteId: number, productId: number) {
  const groups = (await db.execute(sql`
    with recursive lineage(id, parent_id) as (
      select c.id, c.parent_id from categories c join products p on p.category_id = c.id
       where p.id = ${productId} and p.account_id = ${accountId}
      union all
      select c.id, c.parent_id from categories c join lineage l on c.id = l.parent_id
    )
    select g.id, g.name, g.category_id as "categoryId"
      from site_requirement_groups g
     where g.account_id = ${accountId} and g.site_id = ${siteId}
       and (g.category_id is null or g.category_id in (select id from lineage))
     order by g.name, g.id`)) as unknown as {
    rows: { id: number; name: string; categoryId: number | null }[];
  };
  const ids = groups.rows.map((g) => g.id);
  const members = ids.length
    ? await db
        .select({ groupId: siteRequirementGroupAttributes.groupId, attributeId: attributes.id })
        .from(siteRequirementGroupAttributes)
        .innerJoin(attributes, eq(attributes.id, siteRequirementGroupAttributes.attributeId))
        .where(and(inIds(siteRequirementGroupAttributes.groupId, ids), eq(attributes.accountId, accountId)))
        .orderBy(asc(attributes.name))
    : [];
  return groups.rows.map((group) => ({
    ...group,
    attributeIds: members.filter((m) => m.groupId === group.id).map((m) => m.attributeId),
  }));
}

/** The account's attribute definitions of these ids, by name. */
export function attributeDefinitions(db: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: attributes.id,
      name: attributes.name,
      isVariant: attributes.isVariant,
      isFacet: attributes.isFacet,
      isListRestricted: attributes.isListRestricted,
      lists: attributes.lists,
    })
    .from(attributes)
    .where(and(eq(attributes.accountId, accountId), inIds(attributes.id, ids)))
    .orderBy(asc(attributes.name));
}

/** The default collection's json of the account's storefront on this site and channel, if it has one. */
export async function defaultCollectionJson(db: Db, accountId: number, siteId: number, channelId: number) {
  const result = (await db.execute(sql`
    select c.json from collections c join account_sites s on s.id = c.account_site_id
     where s.account_id = ${accountId} and s.site_id = ${siteId} and s.channel_id = ${channelId}
       and s.is_active = 1 and c.is_default_collection = 1
     order by c.id limit 1`)) as unknown as { rows: { json: CollectionJson }[] };
  return result.rows[0]?.json ?? null;
}

/** The account's attributes by name (lower case), for the facet names a collection refines by. */
export async function attributesNamed(db: Db, accountId: number, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select({ id: attributes.id, name: attributes.name })
    .from(attributes)
    .where(
      and(
        eq(attributes.accountId, accountId),
        inArray(
          sql`lower(${attributes.name})`,
          names.map((name) => name.toLowerCase()),
        ),
      ),
    );
}
