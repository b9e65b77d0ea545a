import {
  attachedProductImageSchema,
  imageRegisterSchema,
  productImagePatchSchema,
  registeredImageSchema,
  text,
  uploadedImageSchema,
} from '@backroom/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { badRequest, notFound } from '../../http/errors';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import type { FileStorage } from '../../integrations/storage/local-storage';
import * as media from './media.service';

const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
const tags = ['media'];
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** orders-warehouse.md §4 Image flow: upload to storage, then register against account and user. */
export async function mediaRoutes(app: FastifyInstance, deps: AppDeps, storage: FileStorage): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  const r = typed(app);

  r.post(
    '/api/backroom/cloudinary/upload',
    {
      config: { permission: 'catalogue' },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelopeOf(uploadedImageSchema) } },
    },
    async (request) => {
      const file = await request.file();
      if (!file) throw badRequest('Invalid input. file: Required', [{ field: 'file', message: 'Required' }]);
      const buffer = await file.toBuffer();
      if (file.file.truncated) throw badRequest('The file is larger than 25 MB.');
      return ok(await media.uploadImage(storage, authOf(request), buffer, file.filename));
    },
  );

  r.patch(
    '/api/backroom/image',
    {
      config: { permission: 'catalogue' },
      schema: {
        tags,
        body: imageRegisterSchema,
        response: { 200: envelopeOf(registeredImageSchema) },
      },
    },
    async (request) => ok(await media.registerImage(deps, authOf(request), request.body)),
  );

  r.patch(
    '/api/backroom/product/image',
    {
      config: { permission: 'catalogue' },
      schema: {
        tags,
        body: productImagePatchSchema,
        response: { 200: envelopeOf(attachedProductImageSchema) },
      },
    },
    async (request) => ok(await media.patchProductImage(deps, authOf(request), request.body)),
  );

  // Stored files are served to signed-in users of the account that owns them.
  r.get(
    '/api/files/*',
    {
      config: { permission: 'authenticated' },
      schema: { tags, params: z.object({ '*': text().min(1).max(500) }) },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!key.startsWith(`acc${authOf(request).accountId}/`)) throw notFound('File not found.');
      const body = await storage.get(key);
      if (!body) throw notFound('File not found.');
      const extension = key.split('.').pop() ?? '';
      return reply
        .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('cache-control', 'private, max-age=86400')
        .send(body);
    },
  );
}
