import { z } from 'zod';
import { multilineText, text } from '../api/text';

/**
 * The protocol between Backroom and a print agent (apps/print-agent) on a warehouse PC. Plain HTTPS with
 * JSON in the specs' envelope; the agent authenticates with `Authorization: Bearer {token}`, the token an
 * admin got when creating the print server (PATCH /api/backroom/warehouse/server). Every path is below
 * /api/v1/print-agent.
 *
 * Delivery is at-least-once from the server and exactly-once at the printer: the server hands a job out
 * ('sent') and hands it out again after a reconnect until the agent reports it; the agent keeps a journal
 * of job ids it has already written to a printer and reports those as printed instead of printing twice.
 */
export const PRINT_AGENT_BASE = '/api/v1/print-agent';

/** A print job's states: queued → sent → printed | failed | expired; voided by a person before it printed. */
export const PRINT_JOB_STATE_VALUES = ['queued', 'sent', 'printed', 'failed', 'expired', 'voided'] as const;
export type PrintJobState = (typeof PRINT_JOB_STATE_VALUES)[number];

/** A printer as the agent knows it: raw TCP (Zebra, port 9100 by default) or a CUPS queue. */
export const agentPrinterSchema = z.object({
  /** 'tcp://10.0.0.31:9100' or 'cups://Zebra_ZD421'. Unique per print server. */
  uri: text().min(3).max(300),
  name: text().min(1).max(120),
  /** From the printer's ~HS answer (TCP) or lpstat (CUPS); null when it could not be read. */
  status: z
    .object({
      online: z.boolean(),
      paperOut: z.boolean(),
      headOpen: z.boolean(),
      paused: z.boolean(),
      message: multilineText().max(300).nullable(),
      /**
       * Whether the agent can read the printer's label counter, which settles a job the agent was sending
       * when it was killed (printed → reported printed, not → printed); false: without one such a job can
       * print twice. Absent while not yet known (older agents never send it).
       */
      labelCounter: z.boolean().optional(),
    })
    .nullable(),
});
export type AgentPrinter = z.infer<typeof agentPrinterSchema>;

/** The agent's printers: a uri names one printer, so it appears once. */
const agentPrinterListSchema = z
  .array(agentPrinterSchema)
  .max(200)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((printer, index) => {
      if (seen.has(printer.uri))
        ctx.addIssue({ code: 'custom', path: [index, 'uri'], message: `${printer.uri} is listed twice` });
      seen.add(printer.uri);
    });
  });

/** POST /register: the agent says who it is and which printers it has; the server answers their ids. */
export const agentRegisterRequestSchema = z.object({
  agentVersion: text().max(40),
  hostname: text().max(120),
  printers: agentPrinterListSchema,
});
export const agentRegisterResponseSchema = z.object({
  serverId: z.number(),
  printers: z.array(z.object({ id: z.number(), uri: z.string() })),
  /** Seconds between heartbeats; the server marks the print server offline after three missed. */
  heartbeatSeconds: z.number(),
});

/** POST /heartbeat: liveness plus fresh printer status. Same printers shape as register. */
export const agentHeartbeatRequestSchema = z.object({ printers: agentPrinterListSchema });

/** GET /jobs?waitSeconds=25: long-poll; answers as soon as jobs are queued for this server, or [] on timeout. */
export const agentJobsQuerySchema = z.object({
  waitSeconds: z.coerce.number().int().min(0).max(30).default(25),
});
export const agentJobSchema = z.object({
  id: z.number(),
  printerId: z.number(),
  printerUri: z.string(),
  /** Raw printer language: ZPL for thermal printers. */
  format: z.enum(['zpl', 'pdf']),
  /** The document: ZPL text, or base64 for pdf. */
  content: z.string(),
  copies: z.number().int().min(1).max(999),
  /** Labels the job makes; more than 1 for a batch, whose progress the agent reports. Absent from older servers. */
  labels: z.number().int().min(1).optional(),
  /** How many times it was handed out before, so the agent can log re-deliveries. */
  attempts: z.number().int().min(0),
});
export type AgentJob = z.infer<typeof agentJobSchema>;

/** POST /jobs/{id}/state: what became of a job. 'printed' is final; 'failed' with retryable true is requeued. */
export const agentJobStateRequestSchema = z.object({
  state: z.enum(['printed', 'failed']),
  error: multilineText().max(500).nullable().optional(),
  retryable: z.boolean().optional(),
  /** A failed batch: how many of its labels the printer's counter says printed (shown in the Print Queue). */
  labelsPrinted: z.number().int().min(0).max(1_000_000).optional(),
});

/**
 * POST /jobs/{id}/progress: how many of a batch's labels are out, from the printer's label counter while the
 * batch prints ('120 of 200 labels' in the Print Queue). Never lowers the count; changes no state.
 */
export const agentJobProgressRequestSchema = z.object({
  labelsPrinted: z.number().int().min(0).max(1_000_000),
});
export const agentJobProgressResponseSchema = z.object({
  id: z.number(),
  state: z.enum(PRINT_JOB_STATE_VALUES),
  labels: z.number(),
  labelsPrinted: z.number(),
});

/** The answer to a state report: 'queued' when a retryable failure was put back in the queue. */
export const agentJobStateResponseSchema = z.object({
  id: z.number(),
  state: z.enum(PRINT_JOB_STATE_VALUES),
});
