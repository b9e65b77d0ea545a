import type { OrderShipmentDto } from '@backroom/shared';
import { describe, expect, it, vi } from 'vitest';
import { listRow, shipment } from './shipment.test-support';
import { pickShipmentToPack, type ShipmentToPackCalls } from './shipment-to-pack';

function calls(byOrder: Record<number, OrderShipmentDto[] | Error>, orderIds: number[]) {
  const fake = {
    search: vi.fn(async () => orderIds.map(listRow)),
    shipments: vi.fn(async (id: number) => {
      const found = byOrder[id];
      if (found instanceof Error) throw found;
      return found ?? [];
    }),
    create: vi.fn(async (id: number) => shipment({ id: 900 + id, channelOrderId: id })),
  } satisfies ShipmentToPackCalls;
  return fake;
}

describe('pickShipmentToPack', () => {
  it('takes the oldest order with a shipment left to pack, reading that order alone first', async () => {
    const fake = calls({ 1: [shipment({ id: 11, channelOrderId: 1 })] }, [1, 2, 3]);
    const found = await pickShipmentToPack('036000291452', fake);
    expect(found?.row.id).toBe(1);
    expect(found?.shipment.id).toBe(11);
    expect(fake.shipments).toHaveBeenCalledTimes(1);
  });

  it('passes over orders whose shipments are bought or unreadable, then reads a few at a time', async () => {
    const bought = shipment({
      id: 21,
      channelOrderId: 2,
      isPurchased: 1,
      isShipped: 1,
      trackingNumber: '1Z999AA10123456784',
    });
    const fake = calls(
      {
        1: [bought],
        2: new Error('offline'),
        3: [shipment({ id: 31, channelOrderId: 3, isVoided: 1 }), shipment({ id: 32, channelOrderId: 3 })],
      },
      [1, 2, 3, 4, 5, 6],
    );
    const found = await pickShipmentToPack('036000291452', fake);
    expect(found?.shipment.id).toBe(32);
    // Order 1 alone, then 2, 3, 4 and 5 together.
    expect(fake.shipments.mock.calls.map(([id]) => id)).toEqual([1, 2, 3, 4, 5]);
    expect(fake.create).not.toHaveBeenCalled();
  });

  it('makes a shipment for an order that has none, and says none when nothing waits', async () => {
    const fake = calls({ 1: [shipment({ id: 11, channelOrderId: 1, isVoided: 1 })] }, [1]);
    const found = await pickShipmentToPack('036000291452', fake);
    expect(fake.create).toHaveBeenCalledWith(1);
    expect(found?.shipment.id).toBe(901);
    expect(found?.shipments.map((s) => s.id)).toEqual([11, 901]);

    const refused = calls({}, [7]);
    refused.create.mockRejectedValue(new Error('Every item of order 7 is already in a shipment.'));
    expect(await pickShipmentToPack('036000291452', refused)).toBeNull();
    expect(await pickShipmentToPack('036000291452', calls({}, []))).toBeNull();
  });
});
