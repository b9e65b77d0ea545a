import type { RoleCode } from '@backroom/shared';
import type { FileStorage } from '../../integrations/storage/local-storage';

/** Passed from seeder to seeder so later domains (warehouses, products, orders) can build on earlier rows. */
export interface SeedContext {
  passwordHashing: 'strong' | 'fast';
  /** Benchmarks raise this to make more of everything. */
  scale: number;
  roleIds: Map<RoleCode, number>;
  accounts: { music?: number; outlet?: number };
  users: Record<string, number>;
  /** Where demo product photos are written; without it the demo has no photos. */
  storage?: FileStorage;
  /** Demo product ids of Demo Music Co. */
  products?: number[];
}
