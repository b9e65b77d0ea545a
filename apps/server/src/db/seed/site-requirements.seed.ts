import { SITE_ID } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { SeedContext } from './seed-context';

/**
 * What the demo sites require of a product's attributes (catalogue-admin.md §2.5 site-requirement groups,
 * 'any of'), so the attributes panel's site variant has something to show: the own store asks for a colour
 * or a finish and the country of origin of every product, and a body type or body wood of guitars; eBay asks
 * for the connectivity or the features.
 */
const GROUPS: { siteId: number; name: string; attributes: string[]; category?: string }[] = [
  { siteId: SITE_ID.OWN_STORE, name: 'Colour', attributes: ['Color', 'Finish'] },
  { siteId: SITE_ID.OWN_STORE, name: 'Origin', attributes: ['Country of Origin'] },
  { siteId: SITE_ID.OWN_STORE, name: 'Body', attributes: ['Body Type', 'Body Wood'], category: 'Guitars' },
  { siteId: SITE_ID.EBAY, name: 'Item specifics', attributes: ['Connectivity', 'Features'] },
];

export async function seedSiteRequirements(db: Db, ctx: SeedContext): Promise<void> {
  for (const accountId of [ctx.accounts.music, ctx.accounts.outlet]) {
    if (!accountId) continue;
    for (const group of GROUPS) {
      const category = group.category
        ? (
            (await db.execute(sql`
            select id from categories where account_id = ${accountId} and name = ${group.category}
             order by depth, id limit 1`)) as unknown as { rows: { id: number }[] }
          ).rows[0]
        : undefined;
      if (group.category && !category) continue;
      const inserted = (await db.execute(sql`
        insert into site_requirement_groups (account_id, site_id, category_id, name)
        values (${accountId}, ${group.siteId}, ${category?.id ?? null}, ${group.name})
        returning id`)) as unknown as { rows: { id: number }[] };
      const groupId = inserted.rows[0]!.id;
      await db.execute(sql`
        insert into site_requirement_group_attributes (group_id, attribute_id)
        select ${groupId}, id from attributes
         where account_id = ${accountId} and name = any(${`{${group.attributes.map((a) => `"${a}"`).join(',')}}`}::text[])`);
    }
  }
}
