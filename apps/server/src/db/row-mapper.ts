import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Turns a driver row of `select * from table` (snake_case columns, raw values) into the table's typed row,
 * as the query builder would, for the few bulk reads that skip the builder for speed.
 */
export function rowMapper<T extends PgTable>(table: T): (raw: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, column }));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const { key, column } of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}
