import { z } from 'zod';
import { idParam, idSchema, multilineText, rejectBadCharacters, text } from '../api/text';
import type { PrintJobState } from './agent-protocol';
import { DIVISION_LABEL_TYPES } from './papers';

const flag = z.union([z.literal(0), z.literal(1)]);
const id = idSchema;

/** PATCH /api/backroom/warehouse/printer: the id plus the changed fields. */
export const printerPatchSchema = z.object({
  id,
  commonName: text().trim().min(1, 'Printer name is required').max(120).optional(),
  isActive: flag.optional(),
  paperId: id.nullable().optional(),
  config: z
    .object({
      uri: text().trim().min(3).max(300).optional(),
      peel: z.boolean().optional(),
      cut: z.boolean().optional(),
    })
    .optional(),
  /** Renames the printer's print server (the printers table edits both names in place). */
  server: z
    .object({ id, commonName: text().trim().min(1, 'Server name is required').max(120).optional() })
    .optional(),
});
export type PrinterPatch = z.infer<typeof printerPatchSchema>;

/** PATCH /api/backroom/warehouse/server: create a print agent's server (no id) or change one. */
export const printServerPatchSchema = z.object({
  id: id.optional(),
  commonName: text().trim().min(1, 'Server name is required').max(120).optional(),
  warehouseId: id.nullable().optional(),
  isActive: flag.optional(),
  /** Issues a new agent token (shown once); the old one stops working at once. */
  regenerateToken: z.boolean().optional(),
});

/** POST /api/v1/backroom/print/divisionLabel — one barcode, or up to 1,000 in one request. */
export const printDivisionLabelSchema = z.object({
  serverPrinterId: id,
  barcode: z.union([text().trim().min(1).max(64), z.array(text().trim().min(1).max(64)).min(1).max(1000)]),
  barcodeType: z.enum(DIVISION_LABEL_TYPES).default('miniDivisionLabel'),
  copies: z.number().int().min(1).max(99).default(1),
  /** Every division under the barcodes too (a shelf's bins, a zone's rows, sections, shelves and bins). */
  includeDescendants: z.boolean().optional(),
  /** All the labels as one print job, one ZPL stream: sent, retried or voided as a whole. */
  oneJob: z.boolean().optional(),
});

/** POST /api/v1/backroom/print/receiving — the received-item label for a scanned or typed barcode. */
export const printReceivingSchema = z.object({
  serverPrinterId: id,
  barcode: text().trim().min(1).max(64),
  barcodeOptions: z
    .object({
      title: text().trim().max(120).optional(),
      subtitle: text().trim().max(120).optional(),
      copies: z.number().int().min(1).max(99).optional(),
    })
    .optional(),
});

/** POST /api/v1/backroom/print/calibrate/paper/{format} */
export const printCalibrateParamsSchema = z.object({ format: z.enum(['zpl']) });
export const printCalibrateSchema = z.object({
  serverPrinterId: id,
  paper: id,
  options: z
    .object({
      media: z.enum(['gap', 'mark', 'continuous']).optional(),
      thermal: z.enum(['direct', 'transfer']).optional(),
      darkness: z.number().int().min(0).max(30).optional(),
      save: z.boolean().optional(),
    })
    .optional(),
});

/**
 * POST /api/v1/backroom/print/testLabel: a test label drawn by the label engine for the printer's paper (its
 * name, paper, a barcode and a frame at the edges), a real job through the queue: how a new printer is checked.
 */
export const printTestLabelSchema = z.object({ serverPrinterId: id });

/** POST /api/v1/backroom/print/document (payload not shown in the spec): raw ZPL, or a PDF in base64. */
export const printDocumentSchema = z.object({
  serverPrinterId: id,
  name: text().trim().min(1).max(120).default('Document'),
  format: z.enum(['zpl', 'pdf']),
  content: multilineText().min(1).max(5_000_000),
  copies: z.number().int().min(1).max(99).default(1),
});

/** POST /api/v1/backroom/warehouse/label/printZPLFromURL */
export const printZplFromUrlSchema = z.object({
  serverPrinterId: id,
  labelURL: z
    .url({ protocol: /^https?$/, message: 'Enter an http or https address' })
    .max(2000)
    .superRefine(rejectBadCharacters),
});
export const PRINT_ZPL_FROM_URL_ERROR = 'Something went wrong while Printing ZPL from URL!';

/** GET /api/v1/backroom/print/jobs — the Print Queue. */
export const printJobListQuerySchema = z.object({
  printerId: idParam.optional(),
  state: text()
    .regex(/^(queued|sent|printed|failed|expired|voided)(,(queued|sent|printed|failed|expired|voided))*$/)
    .transform((v) => v.split(',') as PrintJobState[])
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  beforeId: idParam.optional(),
});

/** A job a print call queued (every POST …/print/* answers the jobs it made). */
export const queuedPrintJobSchema = z.object({
  id: z.number().int(),
  state: z.string(),
  description: z.string(),
  printerId: z.number().int(),
  /** Labels the job makes: a batch is one job of many labels. */
  labels: z.number().int(),
});
export type QueuedPrintJob = z.infer<typeof queuedPrintJobSchema>;
