import type { CollectionJson } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { account, accountKey, sameAccount, when, who } from './columns';
import { salesChannels } from './orders';

// Storefront collections (catalogue-admin.md §3 Collection and account site): the account's storefront sites
// and the saved storefront queries (collections) of each.

/** §3 Account site: a storefront of the account, selling through one of its channels. */
export const accountSites = pgTable(
  'account_sites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    url: text('url').notNull(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => salesChannels.id),
    /** The marketplace site id of the channel's kind (99: the seller's own store). */
    siteId: integer('site_id').notNull(),
    isActive: smallint('is_active').notNull().default(1),
  },
  (t) => [
    accountKey('account_sites', t),
    sameAccount('account_sites_channel', [t.accountId, t.channelId], salesChannels),
    uniqueIndex('account_sites_account_url').on(t.accountId, sql`lower(${t.url})`),
  ],
);

/** §3 Collection: a saved storefront query of one site; type 5 the default, 25 a saved web collection. */
export const collections = pgTable(
  'collections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    accountSiteId: integer('account_site_id')
      .notNull()
      .references(() => accountSites.id),
    /** The collection this one was duplicated from. */
    parentId: integer('parent_id').references((): AnyPgColumn => collections.id),
    collectionTypeId: integer('collection_type_id').notNull().default(5),
    name: text('name').notNull(),
    isDefaultCollection: smallint('is_default_collection').notNull().default(0),
    json: jsonb('json').$type<CollectionJson>().notNull(),
    createdAt: when('created').notNull().defaultNow(),
    createdBy: who('created'),
    modifiedAt: when('modified').notNull().defaultNow(),
    modifiedBy: who('modified'),
  },
  (t) => [
    accountKey('collections', t),
    sameAccount('collections_site', [t.accountId, t.accountSiteId], accountSites),
    sameAccount('collections_parent', [t.accountId, t.parentId], t),
    check('collections_type', sql`${t.collectionTypeId} in (5, 25)`),
    /** One default collection per site. */
    uniqueIndex('collections_one_default_per_site')
      .on(t.accountSiteId)
      .where(sql`${t.isDefaultCollection} = 1`),
    index('collections_site_type').on(t.accountId, t.accountSiteId, t.collectionTypeId),
  ],
);
