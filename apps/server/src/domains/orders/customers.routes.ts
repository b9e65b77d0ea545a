import {
  customerCreateSchema,
  customerPatchSchema,
  customerSchema,
  customerSearchSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { createCustomer, patchCustomer, searchCustomers } from './customers.service';

/**
 * Customers for the point of sale (issue 16 #4; the spec names no customer routes): search by name, e-mail or
 * phone, create, edit. The counter and the order desk use them, as they do the first-party order calls.
 */
export function customerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  const config = { permission: 'orders' as const };
  const tags = ['orders'];
  const reply = { 200: envelopeOf(customerSchema) };
  r.get(
    '/api/v1/backroom/customers',
    { config, schema: { tags, querystring: customerSearchSchema, response: reply } },
    async (q) => ok(await searchCustomers(deps, authOf(q), q.query)),
  );
  r.put(
    '/api/v1/backroom/customer',
    { config, schema: { tags, body: customerCreateSchema, response: reply } },
    async (q) => ok([await createCustomer(deps, authOf(q), q.body)]),
  );
  r.patch(
    '/api/v1/backroom/customer',
    { config, schema: { tags, body: customerPatchSchema, response: reply } },
    async (q) => ok([await patchCustomer(deps, authOf(q), q.body)]),
  );
}
