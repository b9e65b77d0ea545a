import { z } from 'zod';
import { replyId as id } from '../api/reply-fields';
import { PRINT_JOB_STATE_VALUES } from './agent-protocol';
import { paperSchema } from './papers';

// The replies of the printer and print queue calls (orders-warehouse.md §3 Printer, §7 Warehouse printers,
// §7 Printing). The server writes exactly these fields; the web derives its types from them.

const serverKind = z.enum(['builtin', 'agent']);

/** What the printer last said about itself (from the print agent), or null when it has not said. */
const printerStatusSchema = z.object({
  online: z.boolean(),
  paperOut: z.boolean(),
  headOpen: z.boolean(),
  paused: z.boolean(),
  message: z.string().nullable(),
  /** From the print agent: whether it checks this printer's label counter after a crash. */
  labelCounter: z.boolean().optional(),
});

/** §3 Printer: id, commonName, isActive, isOffline, paperId, server, config (uri, peel, cut). */
export const printerSchema = z.object({
  id,
  commonName: z.string(),
  isActive: z.number().int(),
  isOffline: z.number().int(),
  paperId: id.nullable(),
  paper: paperSchema.nullable(),
  uri: z.string(),
  config: z.object({ uri: z.string(), peel: z.boolean(), cut: z.boolean() }),
  status: printerStatusSchema.nullable(),
  sortOrder: z.number().int(),
  server: z.object({
    id,
    commonName: z.string(),
    kind: serverKind,
    warehouseId: id.nullable(),
    isOnline: z.boolean(),
    lastHeartbeatAt: z.string().nullable(),
  }),
});
export type Printer = z.infer<typeof printerSchema>;

/** A print server: the built-in one, or a print agent on a warehouse PC. */
export const printServerSchema = z.object({
  id,
  commonName: z.string(),
  kind: serverKind,
  warehouseId: id.nullable(),
  /** The list (GET …/warehouse/servers). */
  warehouseName: z.string().nullable().optional(),
  isActive: z.number().int(),
  isOnline: z.boolean(),
  hostname: z.string().nullable(),
  agentVersion: z.string().nullable(),
  lastHeartbeatAt: z.string().nullable(),
  /** Only in the answer that created the server (or issued a new token): it is never shown again. */
  token: z.string().optional(),
});
export type PrintServer = z.infer<typeof printServerSchema>;

/** A job in the Print Queue (GET …/print/jobs); its content stays on the server. */
export const printJobSchema = z.object({
  id,
  printerId: id,
  printerName: z.string(),
  serverId: id,
  state: z.enum(PRINT_JOB_STATE_VALUES),
  format: z.enum(['zpl', 'pdf']),
  labelKind: z.string(),
  description: z.string(),
  copies: z.number().int(),
  /** Labels the job makes: more than one for a batch (one job, one ZPL stream). */
  labels: z.number().int(),
  /** Of those, how many the printer's counter says are out, as the print agent reports it. */
  labelsPrinted: z.number().int(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  hasPreview: z.boolean(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  printedAt: z.string().nullable(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

/** A job retried or voided (POST …/print/jobs/{id}/retry, …/void): its state now. */
export const printJobStateSchema = z.object({ id, state: z.enum(PRINT_JOB_STATE_VALUES) });
export type PrintJobStateReply = z.infer<typeof printJobStateSchema>;
