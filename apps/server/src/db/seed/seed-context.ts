import type { RoleCode } from '@backroom/shared';

/** Passed from seeder to seeder so later domains (warehouses, products, orders) can build on earlier rows. */
export interface SeedContext {
  passwordHashing: 'strong' | 'fast';
  /** Benchmarks raise this to make more of everything. */
  scale: number;
  roleIds: Map<RoleCode, number>;
  accounts: { music?: number; outlet?: number };
  users: Record<string, number>;
  /** Demo product ids of Demo Music Co. */
  products?: number[];
}
