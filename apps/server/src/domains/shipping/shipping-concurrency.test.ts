import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../test/test-app';
import type { AuthContext } from '../auth/auth-cache';
import { addSystemNote } from '../orders/order-notes';
import { buyLabel, rateShipment, voidLabel } from './shipping.service';
import { authOf, rateRequest } from './test/shipping-fixtures';

/**
 * Exactly once under load: ten clerks (requests) buying a label for one order shipment at the same moment
 * get one label, one fee and one note. Meant for PostgreSQL (TEST_DB=postgres), where the requests really run
 * at once on separate connections; on PGlite it runs too, one statement at a time.
 */
let t: TestApp;
let admin: AuthContext;
let shipment: { id: number; orderId: number; accountId: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await authOf(t, 'admin@backroom.local');
  const [row] = await t.rows<{ id: number; orderId: number; accountId: number }>(sql`
    select s.id, s.channel_order_id as "orderId", s.account_id as "accountId" from channel_order_shipments s
    where s.account_id = ${admin.accountId} order by s.id limit 1`);
  shipment = row!;
}, 120_000);
afterAll(() => t?.close());

describe(`10 simultaneous buys of one shipment (${TEST_DB})`, () => {
  it('make one label, one fee and one note', async () => {
    const rated = await rateShipment(t.deps, admin, rateRequest());
    const owner = { kind: 'orderShipment' as const, id: shipment.id };
    const note = (text: string) => (tx: Parameters<typeof addSystemNote>[0]) =>
      addSystemNote(tx, { id: shipment.orderId, accountId: shipment.accountId }, admin.userId, text);
    const notesBefore = await noteCount();
    const labels = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        buyLabel(t.deps, admin, {
          owner,
          providerShipmentId: rated.providerShipmentId,
          // Clerks may even pick different rates: the first purchase wins, the rest get its label.
          rateId: rated.rates[i % 3]!.id,
          insuredCents: 0,
          note: async (tx, label) => note(`Label purchased: ${label.carrier} ${label.trackingNumber}`)(tx),
        }),
      ),
    );
    expect(new Set(labels.map((l) => l.id)).size).toBe(1);
    expect(new Set(labels.map((l) => l.trackingNumber)).size).toBe(1);
    const rows = await t.rows<{ state: string; fee: string }>(
      sql`select state, fee::text from shipping_labels where owner_kind = 'orderShipment' and owner_id = ${shipment.id}`,
    );
    expect(rows).toEqual([{ state: 'bought', fee: (labels[0]!.feeCents / 100).toFixed(2) }]);
    const purchases = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from sandbox_shipments where id = ${rated.providerShipmentId} and purchased_at is not null`,
    );
    expect(purchases).toEqual([{ n: 1 }]);
    expect((await noteCount()) - notesBefore).toBe(1);

    // Ten voids at once: one refund, one note.
    const voids = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        voidLabel(t.deps, admin, owner, async (tx) => note('Label voided')(tx)),
      ),
    );
    expect(voids.filter((v) => v.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    for (const v of voids) if (v.status === 'rejected') expect(v.reason).toMatchObject({ statusCode: 409 });
    expect((await noteCount()) - notesBefore).toBe(2);
  }, 60_000);
});

async function noteCount() {
  const [row] = await t.rows<{ n: number }>(
    sql`select count(*)::int as n from order_notes where channel_order_id = ${shipment.orderId} and note_type_id <> 0`,
  );
  return row!.n;
}
