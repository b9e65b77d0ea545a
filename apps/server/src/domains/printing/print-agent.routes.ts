import {
  agentHeartbeatRequestSchema,
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
import { reportJob } from './print-queue';
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
    async (request) => {
      const aborted = new AbortController();
      request.raw.on('close', () => aborted.abort());
      return ok(await agent.waitForJobs(deps, serverOf(request), request.query.waitSeconds, aborted.signal));
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
}
