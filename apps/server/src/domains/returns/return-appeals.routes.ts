import { appealCreateSchema, appealSchema, appealUpdateSchema, idParam } from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { badRequest } from '../../http/errors';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import type { FileStorage } from '../../integrations/storage/local-storage';
import {
  addAppealImage,
  appealImageFile,
  createAppeal,
  removeAppealImage,
  returnAppeal,
  updateAppeal,
} from './return-appeals.service';

/**
 * Return appeals (returns.md §7 POST …/returns/appeal/new; the calls the spec leaves unshown: set the appeal
 * status, upload, remove and download appeal images), permission returns. Each answers the appeal.
 * Registered after the media routes: the image upload uses the multipart parser they register.
 */
const V1 = '/api/v1/backroom/returns';
const tags = ['returns'];
const appeal = { 200: envelopeOf(appealSchema) };
const returnParams = z.object({ id: idParam });
const imageParams = z.object({ id: idParam, appealImageId: idParam });

export function returnAppealRoutes(app: FastifyInstance, deps: AppDeps, storage: FileStorage): void {
  const r = typed(app);
  const config = { permission: 'returns' } as const;

  r.post(
    `${V1}/appeal/new`,
    { config, schema: { tags, body: appealCreateSchema, response: appeal } },
    async (request) => ok(await createAppeal(deps, authOf(request), request.body.inboundReturnId)),
  );

  r.patch(
    `${V1}/appeal`,
    { config, schema: { tags, body: appealUpdateSchema, response: appeal } },
    async (request) => ok(await updateAppeal(deps, authOf(request), request.body)),
  );

  // The appeal panel's own read: [] when the return has no appeal.
  r.get(
    `${V1}/:id/appeal`,
    { config, schema: { tags, params: returnParams, response: appeal } },
    async (request) => {
      const found = await returnAppeal(deps, authOf(request), request.params.id);
      return ok(found ? [found] : []);
    },
  );

  r.post(
    `${V1}/:id/appeal/images`,
    { config, schema: { tags, params: returnParams, consumes: ['multipart/form-data'], response: appeal } },
    async (request) => {
      const file = request.isMultipart() ? await request.file() : undefined;
      if (!file) throw badRequest('Invalid input. file: Required', [{ field: 'file', message: 'Required' }]);
      const buffer = await file.toBuffer();
      if (file.file.truncated) throw badRequest('The file is larger than 25 MB.');
      return ok(
        await addAppealImage(deps, storage, authOf(request), request.params.id, {
          buffer,
          fileName: file.filename,
        }),
      );
    },
  );

  r.delete(
    `${V1}/:id/appeal/images/:appealImageId`,
    { config, schema: { tags, params: imageParams, response: appeal } },
    async (request) =>
      ok(await removeAppealImage(deps, authOf(request), request.params.id, request.params.appealImageId)),
  );

  r.get(
    `${V1}/:id/appeal/images/:appealImageId/download`,
    { config, schema: { tags, params: imageParams } },
    async (request, reply) => {
      const file = await appealImageFile(
        deps,
        storage,
        authOf(request),
        request.params.id,
        request.params.appealImageId,
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
}
