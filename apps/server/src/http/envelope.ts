import { existsSync } from 'node:fs';
import path from 'node:path';
import { fail } from '@backroom/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors';

/**
 * Every reply, errors included, is the specs' envelope `{code, data, error}` with `code` equal to the
 * HTTP status. Unknown /api routes get a 404 envelope; other paths fall back to the web app (SPA routes).
 */
export function registerEnvelope(app: FastifyInstance, webDistDir?: string): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        // Body fields are named as the client sent them; params and query keep their context.
        field: [
          error.validationContext === 'body' ? '' : error.validationContext,
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        ]
          .filter(Boolean)
          .join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
      return reply.status(400).send(fail(400, `Invalid input. ${summary}`, { fields }));
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send(fail(error.statusCode, error.message, error.fields ? { fields: error.fields } : undefined));
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type) are the client's fault.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.status(status).send(fail(status, clientErrorMessage(error)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(fail(500, 'Something went wrong on our side. Please try again.', { requestId: request.id }));
  });

  const indexHtml = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  const hasWeb = indexHtml !== undefined && existsSync(indexHtml);
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(fail(404, `No such API route: ${request.method} ${request.url.split('?')[0]}`));
  });
}

function clientErrorMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
    return 'The request body is not valid JSON.';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'The request body is too large.';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type.';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty.';
  return error.message;
}
