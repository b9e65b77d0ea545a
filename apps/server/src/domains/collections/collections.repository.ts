import type { Collection, CollectionJson } from '@backroom/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountSites, attributes, collections } from '../../db/schema';

// All SQL of storefront collections (catalogue-admin.md §3 Collection and account site, §7 Collections).

const collectionColumns = {
  id: collections.id,
  accountSiteId: collections.accountSiteId,
  accountId: collections.accountId,
  parentId: collections.parentId,
  collectionTypeId: collections.collectionTypeId,
  name: collections.name,
  isDefaultCollection: collections.isDefaultCollection,
  json: collections.json,
  modifiedAt: collections.modifiedAt,
};

type CollectionRow = Omit<Collection, 'modifiedAt'> & { modifiedAt: Date };
const toCollection = (row: CollectionRow): Collection => ({
  ...row,
  modifiedAt: row.modifiedAt.toISOString(),
});

export async function listSites(db: Db, accountId: number, siteId?: number) {
  return db
    .select({
      id: accountSites.id,
      url: accountSites.url,
      channelId: accountSites.channelId,
      siteId: accountSites.siteId,
      accountId: accountSites.accountId,
      isActive: accountSites.isActive,
    })
    .from(accountSites)
    .where(
      and(
        eq(accountSites.accountId, accountId),
        siteId === undefined ? undefined : eq(accountSites.siteId, siteId),
      ),
    )
    .orderBy(asc(accountSites.id));
}

export async function findSite(db: Db, accountId: number, id: number) {
  const [site] = await db
    .select()
    .from(accountSites)
    .where(and(eq(accountSites.accountId, accountId), eq(accountSites.id, id)));
  return site;
}

/** The account's facet attributes (isFacet 1), by name. */
export async function facetAttributes(db: Db, accountId: number) {
  return db
    .select({ name: attributes.name })
    .from(attributes)
    .where(and(eq(attributes.accountId, accountId), eq(attributes.isFacet, 1)))
    .orderBy(asc(sql`lower(${attributes.name})`));
}

/** A site's collections of one type (all types without one): the default first, then by name. */
export async function searchCollections(
  db: Db,
  accountId: number,
  accountSiteId: number,
  collectionTypeId?: number,
) {
  const rows = await db
    .select(collectionColumns)
    .from(collections)
    .where(
      and(
        eq(collections.accountId, accountId),
        eq(collections.accountSiteId, accountSiteId),
        collectionTypeId === undefined ? undefined : eq(collections.collectionTypeId, collectionTypeId),
      ),
    )
    .orderBy(
      desc(collections.isDefaultCollection),
      asc(sql`lower(${collections.name})`),
      asc(collections.id),
    );
  return rows.map(toCollection);
}

export async function lockCollection(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select(collectionColumns)
    .from(collections)
    .where(and(eq(collections.accountId, accountId), eq(collections.id, id)))
    .for('update');
  return row ? toCollection(row) : undefined;
}

export async function insertCollection(
  db: Db,
  values: {
    accountId: number;
    accountSiteId: number;
    parentId: number | null;
    collectionTypeId: number;
    name: string;
    json: CollectionJson;
    userId: number | null;
    isDefaultCollection?: number;
  },
) {
  const [row] = await db
    .insert(collections)
    .values({
      accountId: values.accountId,
      accountSiteId: values.accountSiteId,
      parentId: values.parentId,
      collectionTypeId: values.collectionTypeId,
      name: values.name,
      isDefaultCollection: values.isDefaultCollection ?? 0,
      json: values.json,
      createdBy: values.userId,
      modifiedBy: values.userId,
    })
    .returning(collectionColumns);
  return toCollection(row!);
}

export async function updateCollection(
  db: Db,
  accountId: number,
  id: number,
  change: { name: string; json: CollectionJson; userId: number },
) {
  const [row] = await db
    .update(collections)
    .set({ name: change.name, json: change.json, modifiedAt: sql`now()`, modifiedBy: change.userId })
    .where(and(eq(collections.accountId, accountId), eq(collections.id, id)))
    .returning(collectionColumns);
  return toCollection(row!);
}
