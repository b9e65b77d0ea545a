import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './admin';
import { warehouses } from './warehouse';

/**
 * A print server: the built-in one (writes ZPL and PNG previews under ./data/prints, online whenever
 * Backroom runs) or a print agent on a warehouse PC, online while its heartbeats arrive.
 */
export const printServers = pgTable(
  'print_servers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    commonName: text('common_name').notNull(),
    kind: text('kind', { enum: ['builtin', 'agent'] }).notNull(),
    /** SHA-256 of the agent's token; the token itself is shown once. */
    tokenHash: text('token_hash'),
    isActive: smallint('is_active').notNull().default(1),
    hostname: text('hostname'),
    agentVersion: text('agent_version'),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('print_servers_token_unique').on(t.tokenHash),
    // One built-in print server per account, however many requests ask for it at once.
    uniqueIndex('print_servers_one_builtin')
      .on(t.accountId)
      .where(sql`${t.kind} = 'builtin'`),
  ],
);

export interface PrinterConfig {
  uri?: string;
  peel?: boolean;
  cut?: boolean;
}

export interface PrinterStatus {
  online: boolean;
  paperOut: boolean;
  headOpen: boolean;
  paused: boolean;
  message: string | null;
  /** From the print agent: whether it can check this printer's label counter after a crash. */
  labelCounter?: boolean;
}

/** orders-warehouse.md §3 Printer: id, commonName, isActive, isOffline, paperId, server, config (uri, peel, cut). */
export const printers = pgTable(
  'printers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    serverId: integer('server_id')
      .notNull()
      .references(() => printServers.id),
    commonName: text('common_name').notNull(),
    isActive: smallint('is_active').notNull().default(1),
    /** A paper id of the shared PAPERS catalogue; null until someone loads paper. */
    paperId: integer('paper_id'),
    uri: text('uri').notNull(),
    config: jsonb('config').$type<PrinterConfig>().notNull().default({}),
    status: jsonb('status').$type<PrinterStatus | null>(),
    sortOrder: integer('sort_order').notNull().default(99),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('printers_server_uri_unique').on(t.serverId, t.uri),
    index('printers_account_idx').on(t.accountId),
  ],
);

export const PRINT_JOB_STATES = ['queued', 'sent', 'printed', 'failed', 'expired', 'voided'] as const;

/**
 * One document for one printer: queued → sent → printed | failed | expired; a job not being printed can be
 * voided. A batch (many labels, one ZPL stream) is one job: sent, retried or voided as a whole.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    printerId: integer('printer_id')
      .notNull()
      .references(() => printers.id),
    serverId: integer('server_id')
      .notNull()
      .references(() => printServers.id),
    state: text('state', { enum: PRINT_JOB_STATES }).notNull().default('queued'),
    format: text('format', { enum: ['zpl', 'pdf'] }).notNull(),
    /** ZPL text, or base64 for PDF. */
    content: text('content').notNull(),
    /** The label layout, kept to draw the preview. */
    label: jsonb('label'),
    labelKind: text('label_kind').notNull(),
    /** What a person sees in the queue: the barcode or document name. */
    description: text('description').notNull(),
    copies: integer('copies').notNull().default(1),
    /** Labels the job makes (every format times its quantity, copies included): a batch's total. */
    labels: integer('labels').notNull().default(1),
    /** Labels the printer's counter says are out, as the print agent reports them while a batch prints. */
    labelsPrinted: integer('labels_printed').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    previewPath: text('preview_path'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('print_jobs_server_state_idx').on(t.serverId, t.state),
    index('print_jobs_account_created_idx').on(t.accountId, t.createdAt),
  ],
);
