import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { type Envelope, fail } from '@backroom/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { clientErrorOfDatabase } from '../db/errors';
import { AppError } from './errors';

/**
 * Every reply, errors included, is the specs' envelope `{code, data, error}` with `code` equal to the
 * HTTP status. Unknown /api routes get a 404 envelope; other paths fall back to the web app (SPA routes).
 */
export function registerEnvelope(app: FastifyInstance, webDistDir?: string): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const envelope = envelopeOfError(error, request);
    return reply.status(envelope.code).send(envelope);
  });

  // Which methods each /api route answers, so a known address called with another method is 405, not 404.
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api'))
      routes.push({ pattern: patternOf(route.url), methods: [route.method].flat() });
  });

  const indexHtml = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  const hasWeb = indexHtml !== undefined && existsSync(indexHtml);
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    const address = request.url.split('?')[0]!;
    const url = address.length > 200 ? `${address.slice(0, 200)}…` : address;
    const allowed = [...new Set(routes.filter((r) => r.pattern.test(address)).flatMap((r) => r.methods))];
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(fail(405, `${url} does not answer ${request.method}; it answers ${allowed.join(', ')}.`));
    }
    return reply.status(404).send(fail(404, `No such API route: ${request.method} ${url}`));
  });
}

/** A route's address as a pattern: `:id` is one segment, `*` the rest; a trailing slash is ignored. */
function patternOf(url: string): RegExp {
  const body = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) =>
      part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body.replace(/\/$/, '')}/?$`);
}

/** The envelope an error thrown anywhere in a request answers with. */
function envelopeOfError(error: FastifyError, request: FastifyRequest): Envelope<never> {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => ({
      // Body fields are named as the client sent them; params, query and headers keep their context.
      field: [
        error.validationContext === 'body' ? '' : error.validationContext,
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      ]
        .filter(Boolean)
        .join('.'),
      message: issue.message ?? 'Invalid value',
    }));
    const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
    return fail(400, `Invalid input. ${summary}`, { code: 'validation', fields });
  }
  const known = error instanceof AppError ? error : clientErrorOfDatabase(error);
  if (known) {
    // A refusal the database made where a service should have checked first: worth a look, not an alarm.
    if (!(error instanceof AppError)) request.log.warn({ err: error }, 'database refused the request');
    return fail(known.statusCode, known.message, {
      code: known.code,
      ...(known.fields ? { fields: known.fields } : {}),
    });
  }
  // Fastify's own client errors (bad JSON, body too large, wrong content type) are the client's fault.
  const client = frameworkClientError(error);
  if (client && !isResponseSerializationError(error)) return fail(client.status, client.message);
  request.log.error({ err: error }, 'unhandled error');
  return fail(500, 'Something went wrong on our side. Please try again.', { requestId: request.id });
}

/** The status and words for an error Fastify or one of its plugins raised about the request itself. */
function frameworkClientError(error: FastifyError): { status: number; message: string } | undefined {
  const status = error.statusCode ?? 500;
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return { status: 400, message: 'The request body is not valid JSON.' };
  // @fastify/multipart says 406; the request's content type is what is wrong.
  if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return { status: 415, message: 'Send the file as multipart/form-data.' };
  const message = FRAMEWORK_MESSAGES[error.code];
  if (status < 400 || status >= 500) return message ? { status: 400, message } : undefined;
  return { status, message: message ?? error.message };
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type. Send JSON (application/json).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body is not as long as its Content-Length says.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_TYPE: 'The request has no valid content type.',
  FST_PROTO_VIOLATION: 'The request body may not set __proto__ or constructor.prototype.',
  FST_ERR_BAD_URL: 'The address is not valid (a bad % escape).',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_FILES_LIMIT_ERROR: 'Send one file at a time.',
  FST_FIELDS_LIMIT_ERROR: 'The upload has too many fields.',
  FST_PARTS_LIMIT_ERROR: 'The upload has too many parts.',
  FST_MULTIPART_MALFORMED: 'The upload is not valid multipart/form-data.',
};

/**
 * Errors Fastify meets before a route runs (a bad % escape, a path parameter past maxParamLength): the
 * `frameworkErrors` option, so they answer the envelope too.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const client = frameworkClientError(error);
  if (client) return reply.status(client.status).send(fail(client.status, client.message));
  reply.log.error({ err: error }, 'unhandled framework error');
  return reply.status(500).send(fail(500, 'Something went wrong on our side. Please try again.'));
}

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (headers or address too large, a malformed
 * request line): the `clientErrorHandler` option writes the envelope on the socket, then closes it.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers or its address are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify(fail(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
