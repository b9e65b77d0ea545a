import {
  agentHeartbeatRequestSchema,
  agentJobProgressRequestSchema,
  agentJobProgressResponseSchema,
  agentJobSchema,
  agentJobStateRequestSchema,
  agentJobStateResponseSchema,
  agentJobsQuerySchema,
  agentRegisterRequestSchema,
  agentRegisterResponseSchema,
  idParamSchema,
  PRINT_AGENT_BASE,
} from '@backroom/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { unauthorized } from '../../http/errors';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import * as agent from './print-agent.service';
import { reportJob, reportProgress } from './print-queue';
import { HEARTBEAT_SECONDS } from './printing.repository';

const tags = ['print agent'];

function serverOf(request: FastifyRequest) {
  if (!request.printServer) throw unauthorized();
  return request.printServer;
}

/** The print agent protocol (packages/shared/src/printing/agent-protocol.ts). Authenticated by the agent's token. */
export function printAgentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);

  r.post(
    `${PRINT_AGENT_BASE}/register`,
    {
      config: { permission: 'printAgent' },
      schema: {
        tags,
        body: agentRegisterRequestSchema,
        response: { 200: envelopeOf(agentRegisterResponseSchema) },
      },
    },
    async (request) => {
      const server = serverOf(request);
      const printers = await agent.register(deps, server, request.body);
      return ok({ serverId: server.id, printers, heartbeatSeconds: HEARTBEAT_SECONDS });
    },
  );

  r.post(
    `${PRINT_AGENT_BASE}/heartbeat`,
    {
      config: { permission: 'printAgent' },
      schema: {
        tags,
        body: agentHeartbeatRequestSchema,
        response: { 200: envelopeOf(z.object({ ok: z.boolean() })) },
      },
    },
    async (request) => {
      await agent.heartbeat(deps, serverOf(request), request.body.printers);
      return ok({ ok: true });
    },
  );

  r.get(
    `${PRINT_AGENT_BASE}/jobs`,
    {
      config: { permission: 'printAgent' },
      schema: { tags, querystring: agentJobsQuerySchema, response: { 200: envelopeOf(agentJobSchema) } },
    },
    async (request, reply) => {
      const aborted = new AbortController();
      request.raw.on('close', () => aborted.abort());
      const jobs = await agent.waitForJobs(
        deps,
        serverOf(request),
        request.query.waitSeconds,
        aborted.signal,
      );
      // Cut short by a shutdown: the connection closes with the answer (a kept-alive one would hold the exit
      // until its keep-alive timeout), and the agent's next poll finds the next process.
      if (deps.printSignals.closing.aborted) reply.header('connection', 'close');
      return ok(jobs);
    },
  );

  r.post(
    `${PRINT_AGENT_BASE}/jobs/:id/state`,
    {
      config: { permission: 'printAgent' },
      schema: {
        tags,
        params: idParamSchema,
        body: agentJobStateRequestSchema,
        response: { 200: envelopeOf(agentJobStateResponseSchema) },
      },
    },
    async (request) => ok(await reportJob(deps, serverOf(request).id, request.params.id, request.body)),
  );

  r.post(
    `${PRINT_AGENT_BASE}/jobs/:id/progress`,
    {
      config: { permission: 'printAgent' },
      schema: {
        tags,
        params: idParamSchema,
        body: agentJobProgressRequestSchema,
        response: { 200: envelopeOf(agentJobProgressResponseSchema) },
      },
    },
    async (request) =>
      ok(await reportProgress(deps, serverOf(request).id, request.params.id, request.body.labelsPrinted)),
  );
}
