import { isValidGtin, RETURN_STATUSES } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { seedDatabase } from '.';

describe('seeding', () => {
  it('with DEMO_DATA=0 creates one admin with a random password that works, and nothing else', async () => {
    const t = await createTestApp({ demoData: false });
    try {
      expect(t.seed.seeded).toBe('first-admin');
      const { email, password } = t.seed.firstAdmin!;
      expect(password.length).toBeGreaterThanOrEqual(16);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/backroom/auth/login',
        payload: { email, password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data[0].adminUserAccess).toBe(true);
      const counts = await t.deps.db.execute(
        sql`select (select count(*)::int from users) as users, (select count(*)::int from accounts) as accounts`,
      );
      expect((counts as unknown as { rows: unknown[] }).rows[0]).toEqual({ users: 1, accounts: 1 });
    } finally {
      await t.close();
    }
  });

  it('seeds demo data once: a second start on the same database adds nothing', async () => {
    // A copy of the run's template: the global setup seeded an empty database with the demo data (and fails
    // unless that start answered 'demo'), so this app is the second start on a seeded database.
    const t = await createTestApp();
    try {
      expect(t.seed.seeded).toBe('none');
      const again = await seedDatabase(t.deps.db, { demoData: true, passwordHashing: 'fast' });
      expect(again.seeded).toBe('none');
      const counts = await t.deps.db.execute(
        sql`select (select count(*)::int from users) as users, (select count(*)::int from accounts) as accounts, (select count(*)::int from roles) as roles`,
      );
      expect((counts as unknown as { rows: unknown[] }).rows[0]).toEqual({ users: 5, accounts: 2, roles: 7 });
      // Demo products carry real GTINs, so scanning their labels finds them.
      const upcs = await t.deps.db.execute(sql`select upc from products`);
      const list = (upcs as unknown as { rows: { upc: string }[] }).rows.map((r) => r.upc);
      expect(list.length).toBeGreaterThan(5);
      expect(list.filter((upc) => !isValidGtin(upc))).toEqual([]);
      // Every product with units in stock has a cost and a price, so a demo sale never rings up $0.
      const unpriced = await t.deps.db.execute(sql`
        select distinct p.sku from products p join inventory_location_items u on u.product_id = p.id
         where u.is_deleted = 0 and p.type_id = 0 and (p.price_sale <= 0 or p.price_cost <= 0)`);
      expect((unpriced as unknown as { rows: unknown[] }).rows).toEqual([]);

      // Demo returns in each status, on fulfilled orders, each expecting what its order's lines hold.
      const returns = await t.deps.db.execute(sql`
        select ir.return_status_id as status, count(*)::int as n,
          bool_and(o.system_order_status_id in (20, 21)) as fulfilled,
          bool_and((select sum(i.quantity) from inbound_return_items i where i.inbound_return_id = ir.id)
            = (select sum(l.quantity_ordered) from channel_order_items l where l.channel_order_id = o.id)) as whole
        from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id
          join channel_orders o on o.id = r.channel_order_id
        group by ir.return_status_id order by ir.return_status_id`);
      const byStatus = (
        returns as unknown as { rows: { status: number; n: number; fulfilled: boolean; whole: boolean }[] }
      ).rows;
      expect(byStatus.map((r) => r.status)).toEqual(RETURN_STATUSES.map((s) => s.id));
      expect(byStatus.filter((r) => !(r.n >= 2 && r.fulfilled && r.whole))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
