import {
  APPEAL_STATUS,
  type AppealDto,
  type AppealUpdate,
  appealImageFileName,
  appealImagePath,
  appealMoveProblem,
  appealStatusName,
  formatMoney,
  toCents,
} from '@backroom/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { images, inboundReturnAppealImages, inboundReturnAppeals, inboundReturns } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, conflict, notFound } from '../../http/errors';
import type { FileStorage } from '../../integrations/storage/local-storage';
import type { AuthContext } from '../auth/auth-cache';
import { uploadImage } from '../media/media.service';
import { addReturnSystemNote, isoOf, lockReturn } from './return-panel-rows';

// Return appeals (returns.md §Return appeal panel, §3 Inbound return appeal and Appeal image, §4 Appeals): at
// most one a return, added only when none exists; its status moves by the designed transitions
// (packages/shared/src/returns/return-appeals.ts); claim and reimbursement in dollars; images kept by the
// storage adapter, shown from their source URL, removed and downloaded. Every change is made with the return
// locked and leaves a system note on it.

type AppealRow = typeof inboundReturnAppeals.$inferSelect;
const dollarsOf = (value: string | null) => (value === null ? null : toCents(value) / 100);
const moneyText = (value: number | null | undefined) =>
  value === null || value === undefined ? 'none' : formatMoney(toCents(value));

/** The storage key of a stored file's URL (/api/files/{key}), or null for an image kept elsewhere. */
const storageKeyOf = (url: string) =>
  url.startsWith('/api/files/') ? url.slice('/api/files/'.length) : null;
const extensionOf = (url: string) => /\.([A-Za-z0-9]+)$/.exec(url)?.[1]?.toLowerCase() ?? 'jpg';

async function findAppeal(db: Db, inboundReturnId: number) {
  const [appeal] = await db
    .select()
    .from(inboundReturnAppeals)
    .where(eq(inboundReturnAppeals.inboundReturnId, inboundReturnId));
  return appeal ?? null;
}

async function appealDto(db: Db, appeal: AppealRow): Promise<AppealDto> {
  const rows = await db
    .select({ link: inboundReturnAppealImages, image: images })
    .from(inboundReturnAppealImages)
    .innerJoin(images, eq(images.id, inboundReturnAppealImages.imageId))
    .where(eq(inboundReturnAppealImages.inboundReturnAppealId, appeal.id))
    .orderBy(asc(inboundReturnAppealImages.id));
  return {
    id: appeal.id,
    inboundReturnId: appeal.inboundReturnId,
    inboundReturnAppealStatusId: appeal.inboundReturnAppealStatusId,
    status: {
      id: appeal.inboundReturnAppealStatusId,
      name: appealStatusName(appeal.inboundReturnAppealStatusId),
    },
    claimAmountDollar: dollarsOf(appeal.claimAmountDollar),
    reimbursementAmountDollar: dollarsOf(appeal.reimbursementAmountDollar),
    images: rows.map(({ link, image }) => {
      const sourceUrl = image.sourceURL ?? image.cloudinaryJSON?.secure_url ?? '';
      return {
        id: link.id,
        inboundReturnAppealId: link.inboundReturnAppealId,
        createdBy: link.createdBy,
        imageId: image.id,
        cloudinaryUUID: image.cloudinaryUUID,
        sourceUrl,
        thumbnailUrl: image.cloudinaryJSON?.thumbnail_url ?? null,
        fileName: appealImageFileName(appeal.inboundReturnId, link.id, extensionOf(sourceUrl)),
        downloadUrl: `${appealImagePath(appeal.inboundReturnId, link.id)}/download`,
        createdAt: isoOf(link.createdAt),
      };
    }),
    createdAt: isoOf(appeal.createdAt),
  };
}

/** The return's appeal as the panel shows it, or null; the return must be the account's (404 otherwise). */
export async function returnAppeal(deps: AppDeps, auth: AuthContext, inboundReturnId: number) {
  const [found] = await deps.db
    .select({ id: inboundReturns.id })
    .from(inboundReturns)
    .where(and(eq(inboundReturns.id, inboundReturnId), eq(inboundReturns.accountId, auth.accountId)));
  if (!found) throw notFound(`Return #${inboundReturnId} not found.`);
  const appeal = await findAppeal(deps.db, inboundReturnId);
  return appeal ? appealDto(deps.db, appeal) : null;
}

/** The return's appeal, with the return locked; 404 when it has none. */
async function lockedAppeal(tx: Db, auth: AuthContext, inboundReturnId: number) {
  await lockReturn(tx, auth.accountId, inboundReturnId);
  const appeal = await findAppeal(tx, inboundReturnId);
  if (!appeal) throw notFound(`Return #${inboundReturnId} has no appeal.`);
  return appeal;
}

/** POST …/returns/appeal/new { inboundReturnId }: an Open appeal, only when the return has none (§4). */
export async function createAppeal(deps: AppDeps, auth: AuthContext, inboundReturnId: number) {
  const appeal = await deps.db.transaction(async (tx) => {
    await lockReturn(tx, auth.accountId, inboundReturnId);
    if (await findAppeal(tx, inboundReturnId))
      throw new AppError(409, `Return #${inboundReturnId} already has an appeal.`, undefined, 'conflict');
    const [made] = await tx
      .insert(inboundReturnAppeals)
      .values({ accountId: auth.accountId, inboundReturnId, inboundReturnAppealStatusId: APPEAL_STATUS.open })
      .returning();
    await addReturnSystemNote(
      tx,
      auth,
      inboundReturnId,
      `Appeal added (${appealStatusName(APPEAL_STATUS.open)}).`,
    );
    return made!;
  });
  return appealDto(deps.db, appeal);
}

/**
 * PATCH …/returns/appeal: the status (by the allowed transitions), the claim and the reimbursement. A field
 * left out is kept; null clears an amount. Nothing changes when a part is refused.
 */
export async function updateAppeal(deps: AppDeps, auth: AuthContext, body: AppealUpdate) {
  const appeal = await deps.db.transaction(async (tx) => {
    const current = await lockedAppeal(tx, auth, body.inboundReturnId);
    const changes: Partial<AppealRow> = {};
    const said: string[] = [];
    const to = body.inboundReturnAppealStatusId;
    if (to !== undefined && to !== current.inboundReturnAppealStatusId) {
      const problem = appealMoveProblem(current.inboundReturnAppealStatusId, to);
      if (problem) throw conflict(problem);
      changes.inboundReturnAppealStatusId = to;
      said.push(`status ${appealStatusName(current.inboundReturnAppealStatusId)} → ${appealStatusName(to)}`);
    }
    for (const [field, label] of [
      ['claimAmountDollar', 'claim'],
      ['reimbursementAmountDollar', 'reimbursement'],
    ] as const) {
      const value = body[field];
      if (value === undefined) continue;
      const next = value === null ? null : (toCents(value) / 100).toFixed(2);
      if (next === (current[field] === null ? null : (toCents(current[field]) / 100).toFixed(2))) continue;
      changes[field] = next;
      said.push(`${label} ${moneyText(dollarsOf(current[field]))} → ${moneyText(value)}`);
    }
    if (!said.length) return current;
    const [updated] = await tx
      .update(inboundReturnAppeals)
      .set(changes)
      .where(eq(inboundReturnAppeals.id, current.id))
      .returning();
    await addReturnSystemNote(tx, auth, body.inboundReturnId, `Appeal changed: ${said.join('; ')}.`);
    return updated!;
  });
  return appealDto(deps.db, appeal);
}

/**
 * POST …/returns/{id}/appeal/images (multipart, one file): the image is stored by the storage adapter (as the
 * product images are) and attached to the return's appeal.
 */
export async function addAppealImage(
  deps: AppDeps,
  storage: FileStorage,
  auth: AuthContext,
  inboundReturnId: number,
  file: { buffer: Buffer; fileName: string },
) {
  // Refused before anything is stored when the return has no appeal.
  if (!(await returnAppeal(deps, auth, inboundReturnId)))
    throw notFound(`Return #${inboundReturnId} has no appeal.`);
  const uploaded = await uploadImage(storage, auth, file.buffer, file.fileName);
  const appeal = await deps.db.transaction(async (tx) => {
    const locked = await lockedAppeal(tx, auth, inboundReturnId);
    const [image] = await tx
      .insert(images)
      .values({
        accountId: auth.accountId,
        userId: auth.userId,
        cloudinaryUUID: uploaded.public_id,
        sourceURL: uploaded.secure_url,
        cloudinaryJSON: {
          width: uploaded.width,
          height: uploaded.height,
          secure_url: uploaded.secure_url,
          thumbnail_url: uploaded.thumbnail_url,
        },
      })
      .returning({ id: images.id });
    const [link] = await tx
      .insert(inboundReturnAppealImages)
      .values({
        accountId: auth.accountId,
        inboundReturnAppealId: locked.id,
        imageId: image!.id,
        createdBy: auth.userId,
      })
      .returning({ id: inboundReturnAppealImages.id });
    await addReturnSystemNote(
      tx,
      auth,
      inboundReturnId,
      `Appeal image ${link!.id} added (${file.fileName.slice(0, 120)}).`,
    );
    return locked;
  });
  return appealDto(deps.db, appeal);
}

async function appealImageOf(db: Db, appealId: number, appealImageId: number, inboundReturnId: number) {
  const [row] = await db
    .select({ link: inboundReturnAppealImages, image: images })
    .from(inboundReturnAppealImages)
    .innerJoin(images, eq(images.id, inboundReturnAppealImages.imageId))
    .where(
      and(
        eq(inboundReturnAppealImages.id, appealImageId),
        eq(inboundReturnAppealImages.inboundReturnAppealId, appealId),
      ),
    );
  if (!row) throw notFound(`Appeal image ${appealImageId} not found on return #${inboundReturnId}.`);
  return row;
}

/** DELETE …/returns/{id}/appeal/images/{appealImageId}: the image leaves the appeal (its record with it). */
export async function removeAppealImage(
  deps: AppDeps,
  auth: AuthContext,
  inboundReturnId: number,
  appealImageId: number,
) {
  const appeal = await deps.db.transaction(async (tx) => {
    const locked = await lockedAppeal(tx, auth, inboundReturnId);
    const { image } = await appealImageOf(tx, locked.id, appealImageId, inboundReturnId);
    // The link goes with the image (on delete cascade).
    await tx.delete(images).where(and(eq(images.id, image.id), eq(images.accountId, auth.accountId)));
    await addReturnSystemNote(tx, auth, inboundReturnId, `Appeal image ${appealImageId} removed.`);
    return locked;
  });
  return appealDto(deps.db, appeal);
}

/** GET …/returns/{id}/appeal/images/{appealImageId}/download: the stored file, named after the return. */
export async function appealImageFile(
  deps: AppDeps,
  storage: FileStorage,
  auth: AuthContext,
  inboundReturnId: number,
  appealImageId: number,
) {
  const appeal = await returnAppeal(deps, auth, inboundReturnId);
  if (!appeal) throw notFound(`Return #${inboundReturnId} has no appeal.`);
  const { image } = await appealImageOf(deps.db, appeal.id, appealImageId, inboundReturnId);
  const url = image.sourceURL ?? image.cloudinaryJSON?.secure_url ?? '';
  const key = storageKeyOf(url);
  const body = key?.startsWith(`acc${auth.accountId}/`) ? await storage.get(key) : null;
  if (!body) throw notFound(`The file of appeal image ${appealImageId} is not stored here.`);
  const extension = extensionOf(url);
  return {
    body,
    fileName: appealImageFileName(inboundReturnId, appealImageId, extension),
    contentType: extension === 'jpg' ? 'image/jpeg' : `image/${extension}`,
  };
}
