import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** catalogue-admin.md §3 Account. Flags are 0/1 smallints because the API speaks 0/1. */
export const accounts = pgTable('accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  isActive: smallint('is_active').notNull().default(1),
  integrationId: integer('integration_id').notNull().default(0),
  hasBroadcastProductData: smallint('has_broadcast_product_data').notNull().default(0),
  hasBroadcastInventoryData: smallint('has_broadcast_inventory_data').notNull().default(0),
  hasBroadcastChannelData: smallint('has_broadcast_channel_data').notNull().default(0),
  hasBroadcastChannelListingData: smallint('has_broadcast_channel_listing_data').notNull().default(0),
  hasBroadcastChannelOrderData: smallint('has_broadcast_channel_order_data').notNull().default(0),
  hasRestrictedSiteBrands: smallint('has_restricted_site_brands').notNull().default(1),
  hasRestrictedSiteSellers: smallint('has_restricted_site_sellers').notNull().default(1),
  hasRestrictedServices: smallint('has_restricted_services').notNull().default(1),
  utcOffset: text('utc_offset').notNull().default('-06:00'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** catalogue-admin.md §3 User. Password and PIN are argon2 hashes, never returned. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    pinHash: text('pin_hash'),
    /**
     * Mixed into the user's badge checksum: regenerating it makes every badge printed before void at once.
     * gen_random_uuid() draws from the strong random source.
     */
    badgeSecret: text('badge_secret').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    isActive: smallint('is_active').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

/** Which permission groups (adminUserAccess, returns, ...) a role grants. */
export const rolePermissionGroups = pgTable(
  'role_permission_groups',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionGroup: text('permission_group').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionGroup] })],
);

/** A user's membership of an account: the only way a user sees an account's data. */
export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId] }), index('memberships_account_idx').on(t.accountId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
