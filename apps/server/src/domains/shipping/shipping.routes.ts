import { idParamSchema, shipperSchema, statesAndCountriesSchema } from '@backroom/shared';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { countries, states } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { easypostWebhookRoute } from './easypost-webhook';
import { labelById, labelPdf } from './shipping.service';

const tags = ['shipping'];

/** The shipping core's own calls (orders-warehouse.md §7 Shipments and Other). */
export async function shippingRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = typed(app);

  // The carrier accounts rates can be asked of (the spec's shipperIds), and the adapter behind each.
  r.get(
    '/api/v1/shipping/shippers',
    {
      config: { permission: 'authenticated' },
      schema: { tags, response: { 200: envelopeOf(shipperSchema) } },
    },
    async () => ok(await deps.carriers.default.shippers()),
  );

  // Reference data for the address editor; data[0].states and data[0].countries.
  r.get(
    '/api/v1/utilities/statesAndCountries',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['utilities'], response: { 200: envelopeOf(statesAndCountriesSchema) } },
    },
    async () => {
      const [stateRows, countryRows] = await Promise.all([
        deps.db
          .select({ id: states.id, code: states.code, name: states.name, countryId: states.countryId })
          .from(states)
          .orderBy(asc(states.countryId), asc(states.name)),
        deps.db.select().from(countries).orderBy(asc(countries.id)),
      ]);
      return ok([{ states: stateRows, countries: countryRows }]);
    },
  );

  // A bought label's files: the PDF to download, the ZPL for a printer of one's own.
  for (const format of ['pdf', 'zpl'] as const) {
    r.get(
      `/api/v1/shipping/labels/:id.${format}`,
      { config: { permission: 'shipping' }, schema: { tags, params: idParamSchema } },
      async (request, reply) => {
        const label = await labelById(deps, authOf(request), request.params.id);
        const name = `shipping-label-${label.id}-${label.trackingNumber}.${format}`;
        reply
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store');
        if (format === 'pdf') return reply.type('application/pdf').send(await labelPdf(label));
        return reply.type('application/zpl; charset=utf-8').send(label.labelZpl);
      },
    );
  }

  await easypostWebhookRoute(app, deps);
}
