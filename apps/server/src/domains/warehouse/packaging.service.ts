import type { Packaging, PackagingPatch } from '@backroom/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { packaging } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';

type PackagingRow = typeof packaging.$inferSelect;

/** A box as the API shows it: dimensions as numbers, no account id. */
const toPackagingDto = (row: PackagingRow): Packaging => ({
  id: row.id,
  commonName: row.commonName,
  packageLengthInch: Number(row.packageLengthInch),
  packageWidthInch: Number(row.packageWidthInch),
  packageHeightInch: Number(row.packageHeightInch),
  isCustom: row.isCustom,
});

/** GET …/warehouse/packaging: the account's boxes by name (the Trained Shipping and shipment dropdowns). */
export async function listPackaging(deps: AppDeps, auth: AuthContext) {
  const rows = await deps.db
    .select()
    .from(packaging)
    .where(eq(packaging.accountId, auth.accountId))
    .orderBy(asc(packaging.commonName), asc(packaging.id));
  return rows.map(toPackagingDto);
}

const inches = (v: number | undefined) => (v === undefined ? undefined : v.toFixed(2));

/**
 * PATCH …/warehouse/packaging: adds the boxes without an id and changes those with one, in one transaction.
 * A box of another account is refused as not found, and nothing is saved.
 */
export async function patchPackaging(deps: AppDeps, auth: AuthContext, boxes: PackagingPatch) {
  return deps.db.transaction(async (tx) => {
    const ids = boxes.flatMap((box) => (box.id === undefined ? [] : [box.id]));
    if (ids.length) {
      const own = await tx
        .select({ id: packaging.id })
        .from(packaging)
        .where(and(eq(packaging.accountId, auth.accountId), inArray(packaging.id, ids)))
        .for('update');
      const missing = ids.filter((id) => !own.some((row) => row.id === id));
      if (missing.length) throw notFound(`Packaging ${missing.join(', ')} not found.`);
    }
    const saved: PackagingRow[] = [];
    for (const box of boxes) {
      const fields = {
        commonName: box.commonName,
        packageLengthInch: inches(box.packageLengthInch),
        packageWidthInch: inches(box.packageWidthInch),
        packageHeightInch: inches(box.packageHeightInch),
        isCustom: box.isCustom,
      };
      if (box.id === undefined) {
        const [row] = await tx
          .insert(packaging)
          .values({
            accountId: auth.accountId,
            commonName: fields.commonName!,
            packageLengthInch: fields.packageLengthInch!,
            packageWidthInch: fields.packageWidthInch!,
            packageHeightInch: fields.packageHeightInch!,
            isCustom: fields.isCustom ?? 0,
          })
          .returning();
        saved.push(row!);
      } else {
        const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
        const [row] = Object.keys(changes).length
          ? await tx
              .update(packaging)
              .set(changes)
              .where(and(eq(packaging.id, box.id), eq(packaging.accountId, auth.accountId)))
              .returning()
          : await tx.select().from(packaging).where(eq(packaging.id, box.id));
        saved.push(row!);
      }
    }
    return saved.map(toPackagingDto);
  });
}
