import { firstPartyOrderPatchSchema } from '@backroom/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refsOfRoute } from './account-refs';

describe('account references of a route', () => {
  it('finds every id a request can carry, nested and in lists', () => {
    expect(
      refsOfRoute('PATCH', '/api/v1/backroom/channelOrder/firstParty', { body: firstPartyOrderPatchSchema }),
    ).toEqual([
      { source: 'body', steps: ['channelOrderId'], kind: 'order' },
      { source: 'body', steps: ['patch', 'systemOrderStatusId'], kind: 'orderStatus' },
      { source: 'body', steps: ['patch', 'customerId'], kind: 'customer' },
      { source: 'body', steps: ['patch', 'overrideWarehouseId'], kind: 'warehouse' },
    ]);
    expect(
      refsOfRoute('GET', '/api/backroom/channelOrder/:id', {
        params: z.object({ id: z.coerce.number() }),
        querystring: z.object({ productIds: z.string() }),
      }),
    ).toEqual([
      { source: 'params', steps: ['id'], kind: 'order' },
      { source: 'query', steps: ['productIds'], kind: 'product' },
    ]);
    expect(
      refsOfRoute('PATCH', '/api/backroom/warehouse/packaging', {
        body: z.array(z.object({ id: z.number(), commonName: z.string() })),
      }),
    ).toEqual([{ source: 'body', steps: ['[]', 'id'], kind: 'packaging' }]);
  });

  it('refuses to register a route whose id-shaped field is declared nowhere', () => {
    expect(() =>
      refsOfRoute('POST', '/api/v1/backroom/something', { body: z.object({ gadgetId: z.number() }) }),
    ).toThrow('Route POST /api/v1/backroom/something: body.gadgetId looks like an id');
    expect(() =>
      refsOfRoute('DELETE', '/api/v1/backroom/gadget/:id', { params: z.object({ id: z.string() }) }),
    ).toThrow('params.id looks like an id');
  });
});
