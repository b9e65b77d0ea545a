import { COLLECTION_TYPE_DEFAULT, COLLECTION_TYPE_WEB, emptyCollectionJson } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { insertCollection } from '../../domains/collections/collections.repository';
import { baseQueryOf } from '../../domains/collections/collections.service';
import type { Db } from '../client';
import type { SeedContext } from './seed-context';

/**
 * Storefront collections (catalogue-admin.md §3 Collection and account site): each demo account's web store
 * channel gets an account site with its default collection (type 5); Demo Music Co also has one saved web
 * collection (type 25) refining by brand.
 */
export async function seedCollections(db: Db, ctx: SeedContext): Promise<void> {
  const demo = [
    { accountId: ctx.accounts.music, url: 'https://shop.demomusic.example', name: 'Demo Music Storefront' },
    { accountId: ctx.accounts.outlet, url: 'https://shop.demooutlet.example', name: 'Outlet Storefront' },
  ];
  const userId = ctx.users['admin@backroom.local'] ?? null;
  for (const { accountId, url, name } of demo) {
    if (!accountId) continue;
    const result = (await db.execute(sql`
      insert into account_sites (account_id, url, channel_id, site_id)
      select account_id, ${url}, id, site_id from sales_channels
      where account_id = ${accountId} and site_id = 99 and channel_type_id = 1
      returning id`)) as unknown as { rows: { id: number }[] };
    const siteId = result.rows[0]?.id;
    if (!siteId) continue;
    const base = await baseQueryOf(db, accountId, siteId);
    const json = emptyCollectionJson(base);
    const order = ['brand', 'category.lvl0', 'price'];
    json.instantsearch.configuration.refinementOrder = order.filter((a) =>
      base.refinements.some((r) => r.component.attribute === a),
    );
    const defaultCollection = await insertCollection(db, {
      accountId,
      accountSiteId: siteId,
      parentId: null,
      collectionTypeId: COLLECTION_TYPE_DEFAULT,
      name,
      json,
      userId,
      isDefaultCollection: 1,
    });
    if (accountId !== ctx.accounts.music) continue;
    const [brand] = (
      (await db.execute(
        sql`select name from brands where account_id = ${accountId} order by id limit 1`,
      )) as unknown as { rows: { name: string }[] }
    ).rows;
    const saved = structuredClone(json);
    if (brand) saved.instantsearch.uiState[base.indexName] = { refinementList: { brand: [brand.name] } };
    await insertCollection(db, {
      accountId,
      accountSiteId: siteId,
      parentId: defaultCollection.id,
      collectionTypeId: COLLECTION_TYPE_WEB,
      name: brand ? `${brand.name} Shop` : 'Featured',
      json: saved,
      userId,
    });
  }
}
