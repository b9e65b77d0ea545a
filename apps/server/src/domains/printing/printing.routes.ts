import { createReadStream, existsSync } from 'node:fs';
import {
  idParam,
  idParamSchema,
  PAPERS,
  type PrintJob,
  paperSchema,
  printCalibrateParamsSchema,
  printCalibrateSchema,
  printDivisionLabelSchema,
  printDocumentSchema,
  printerPatchSchema,
  printerSchema,
  printJobListQuerySchema,
  printJobSchema,
  printJobStateSchema,
  printReceivingSchema,
  printServerPatchSchema,
  printServerSchema,
  printTestLabelSchema,
  printZplFromUrlSchema,
  queuedPrintJobSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { notFound } from '../../http/errors';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { type Label, renderPng } from './labels';
import * as print from './print.service';
import { retryJob, voidJob } from './print-queue';
import * as printersService from './printers.service';
import * as repo from './printing.repository';

/** orders-warehouse.md §7 Printing (and the printer calls of §7 Warehouse), with {product} = backroom. */
const V0 = '/api/backroom';
const V1 = '/api/v1/backroom';
const tags = ['printing'];
const queued = envelopeOf(queuedPrintJobSchema);

export function printingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);

  r.get(
    `${V0}/warehouse/printers/paper`,
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: envelopeOf(paperSchema) } } },
    async () => ok([...PAPERS]),
  );

  r.get(
    `${V0}/warehouse/printers`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        querystring: z.object({
          warehouseId: idParam.optional(),
          includeInactive: z.enum(['0', '1']).optional(),
        }),
        response: { 200: envelopeOf(printerSchema) },
      },
    },
    async (request) =>
      ok(
        await printersService.listPrinters(deps, authOf(request), {
          warehouseId: request.query.warehouseId,
          includeInactive: request.query.includeInactive === '1',
        }),
      ),
  );

  r.patch(
    `${V0}/warehouse/printer`,
    {
      config: { permission: 'printing' },
      schema: { tags, body: printerPatchSchema, response: { 200: envelopeOf(printerSchema) } },
    },
    async (request) => ok(await printersService.patchPrinter(deps, authOf(request), request.body)),
  );

  r.get(
    `${V0}/warehouse/servers`,
    {
      config: { permission: 'printing' },
      schema: { tags, response: { 200: envelopeOf(printServerSchema) } },
    },
    async (request) => ok(await printersService.listServers(deps, authOf(request))),
  );

  // Creating a print server, changing it or issuing its agent token is administration: a new token
  // disconnects the agent that holds the old one and hands its jobs to whoever holds the new one.
  r.patch(
    `${V0}/warehouse/server`,
    {
      config: { permission: 'adminUserAccess' },
      schema: { tags, body: printServerPatchSchema, response: { 200: envelopeOf(printServerSchema) } },
    },
    async (request) => ok(await printersService.patchServer(deps, authOf(request), request.body)),
  );

  r.post(
    `${V1}/print/divisionLabel`,
    {
      config: { permission: 'printing' },
      schema: { tags, body: printDivisionLabelSchema, response: { 200: queued } },
    },
    async (request) => ok(await print.printDivisionLabels(deps, authOf(request), request.body)),
  );

  r.post(
    `${V1}/print/receiving`,
    {
      config: { permission: 'printing' },
      schema: { tags, body: printReceivingSchema, response: { 200: queued } },
    },
    async (request) => ok(await print.printReceivingLabel(deps, authOf(request), request.body)),
  );

  r.post(
    `${V1}/print/calibrate/paper/:format`,
    {
      config: { permission: 'printing' },
      schema: {
        tags,
        params: printCalibrateParamsSchema,
        body: printCalibrateSchema,
        response: { 200: queued },
      },
    },
    async (request) => ok(await print.printCalibration(deps, authOf(request), request.body)),
  );

  r.post(
    `${V1}/print/testLabel`,
    {
      config: { permission: 'printing' },
      schema: { tags, body: printTestLabelSchema, response: { 200: queued } },
    },
    async (request) => ok(await print.printTestLabel(deps, authOf(request), request.body)),
  );

  r.post(
    `${V1}/print/document`,
    {
      config: { permission: 'printing' },
      schema: { tags, body: printDocumentSchema, response: { 200: queued } },
    },
    async (request) => ok(await print.printDocument(deps, authOf(request), request.body)),
  );

  r.post(
    `${V1}/warehouse/label/printZPLFromURL`,
    {
      config: { permission: 'printing' },
      schema: { tags, body: printZplFromUrlSchema, response: { 200: queued } },
    },
    async (request) => ok(await print.printZplFromUrl(deps, authOf(request), request.body)),
  );

  r.get(
    `${V1}/print/jobs`,
    {
      config: { permission: 'printing' },
      schema: { tags, querystring: printJobListQuerySchema, response: { 200: envelopeOf(printJobSchema) } },
    },
    async (request) => {
      const { state, ...rest } = request.query;
      const rows = await repo.listJobs(deps.db, authOf(request).accountId, { ...rest, states: state });
      return ok(
        rows.map(
          ({ job: { previewPath, ...job }, printerName }): PrintJob => ({
            ...job,
            hasPreview: previewPath !== null,
            printerName,
            createdAt: job.createdAt.toISOString(),
            sentAt: job.sentAt?.toISOString() ?? null,
            printedAt: job.printedAt?.toISOString() ?? null,
          }),
        ),
      );
    },
  );

  r.post(
    `${V1}/print/jobs/:id/retry`,
    {
      config: { permission: 'printing' },
      schema: {
        tags,
        params: idParamSchema,
        response: { 200: envelopeOf(printJobStateSchema) },
      },
    },
    async (request) => ok(await retryJob(deps, authOf(request), request.params.id)),
  );

  r.post(
    `${V1}/print/jobs/:id/void`,
    {
      config: { permission: 'printing' },
      schema: { tags, params: idParamSchema, response: { 200: envelopeOf(printJobStateSchema) } },
    },
    async (request) => ok(await voidJob(deps, authOf(request), request.params.id)),
  );

  // The PNG the built-in print server drew for a job: the Print Queue shows it.
  r.get(
    `${V1}/print/jobs/:id/preview`,
    {
      config: { permission: 'printing' },
      schema: { tags, params: idParamSchema },
    },
    async (request, reply) => {
      const job = await repo.findJob(deps.db, authOf(request).accountId, request.params.id);
      const here = job?.previewPath && existsSync(job.previewPath) ? job.previewPath : null;
      // Printed by another server process, whose data directory this one does not see: drawn again.
      if (!job?.previewPath || (!here && !job.label))
        throw notFound(`Print job ${request.params.id} has no preview.`);
      return reply
        .type('image/png')
        .header('cache-control', 'private, max-age=3600')
        .send(here ? createReadStream(here) : await renderPng(job.label as Label));
    },
  );
}
