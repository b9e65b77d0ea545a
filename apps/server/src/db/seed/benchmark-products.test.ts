import { isValidGtin } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { generateBenchmarkProducts } from './benchmark-products';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoData: false });
});
afterAll(() => t.close());

describe('benchmark products', () => {
  it('adds products with valid GTINs and searchable names', async () => {
    const accountId = (
      (await t.deps.db.execute(sql`select min(id)::int as id from accounts`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]!.id;
    await generateBenchmarkProducts(t.deps.db, accountId, 2500);
    const rows = (await t.deps.db.execute(
      sql`select sku, name, upc, normalized_upc from products where sku like 'BN-%' order by sku`,
    )) as unknown as {
      rows: { sku: string; name: string; upc: string; normalized_upc: string }[];
    };
    expect(rows.rows).toHaveLength(2500);
    expect(rows.rows.filter((r) => !isValidGtin(r.upc))).toEqual([]);
    expect(rows.rows[0]!.normalized_upc).toBe(`0000${rows.rows[0]!.upc}`);
    expect(new Set(rows.rows.map((r) => r.name)).size).toBeGreaterThan(1000);
    const { email, password } = t.seed.firstAdmin!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/backroom/auth/login',
      payload: { email, password },
    });
    const cookie = `backroom_session=${login.cookies.find((c) => c.name === 'backroom_session')!.value}`;
    const name = rows.rows[1234]!.name;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backroom/search/products',
      headers: { cookie },
      payload: { search: name.replace('Guitar', 'Guitr').replace('Pedal', 'Pedl').replace('Piano', 'Pino') },
    });
    expect(res.json().data.map((p: { name: string }) => p.name)).toContain(name);
  }, 60_000);
});
