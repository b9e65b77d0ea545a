import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from './admin';

/** Server-side sessions: the cookie holds a random token, the row holds its SHA-256, so a leaked table logs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Installation-wide settings, such as the generated secret that signs badges when none is configured. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Every sign-in attempt that named a known user, kept so an admin can see who signed in as whom and how
 * (a badge login in particular, since a badge is as good as a password).
 */
export const loginEvents = pgTable(
  'login_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'password', 'pin' or 'badge'. */
    method: text('method').notNull(),
    succeeded: smallint('succeeded').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Failed sign-in counters, shared by every server process (login-limiter.ts): one row per key
 * (`pair:{who}|{address}`, `user:{who}`, `address:{address}`), counting failures since `windowStartedAt`.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
});
