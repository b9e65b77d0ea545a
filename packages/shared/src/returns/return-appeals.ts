import { z } from 'zod';
import { idSchema } from '../api/text';

// Return appeals (returns.md §Return appeal panel, §3 Inbound return appeal, §4 Appeals, §5, §8). The spec does
// not show the appeal statuses or their transitions; they are designed here (docs/returns.md, The appeal). The ids and
// names are the ones the returns search filters on.
//
//   Open ──▶ Submitted ──▶ Under Review ──▶ Approved (final)
//                │              │        ├─▶ Partially Approved ──▶ Submitted (appeal the rest)
//                │              │        └─▶ Denied ──────────────▶ Submitted (appeal again)
//                └──────────────┴─▶ Approved / Partially Approved / Denied (the channel answered at once)
//   Closed (given up, or the answer accepted) ◀── from any status but Approved; Closed ──▶ Open (reopened)
//
// Keeping the status is always allowed (an amount change). Claim and reimbursement are dollars (cents in code,
// numeric(12,2) in the database), 0.00 and up, step 0.01.

export const APPEAL_STATUS = {
  open: 1,
  submitted: 5,
  underReview: 10,
  approved: 15,
  partiallyApproved: 20,
  denied: 25,
  closed: 30,
} as const;
export type AppealStatusId = (typeof APPEAL_STATUS)[keyof typeof APPEAL_STATUS];

export const APPEAL_STATUSES = [
  { id: APPEAL_STATUS.open, name: 'Open' },
  { id: APPEAL_STATUS.submitted, name: 'Submitted' },
  { id: APPEAL_STATUS.underReview, name: 'Under Review' },
  { id: APPEAL_STATUS.approved, name: 'Approved' },
  { id: APPEAL_STATUS.partiallyApproved, name: 'Partially Approved' },
  { id: APPEAL_STATUS.denied, name: 'Denied' },
  { id: APPEAL_STATUS.closed, name: 'Closed' },
] as const;

const S = APPEAL_STATUS;
/** Where each status may go next (keeping the status is always allowed). */
export const APPEAL_TRANSITIONS: Readonly<Record<AppealStatusId, readonly AppealStatusId[]>> = {
  [S.open]: [S.submitted, S.closed],
  [S.submitted]: [S.underReview, S.approved, S.partiallyApproved, S.denied, S.closed],
  [S.underReview]: [S.approved, S.partiallyApproved, S.denied, S.closed],
  [S.approved]: [],
  [S.partiallyApproved]: [S.submitted, S.closed],
  [S.denied]: [S.submitted, S.closed],
  [S.closed]: [S.open],
};

export const isAppealStatus = (id: number): id is AppealStatusId => APPEAL_STATUSES.some((s) => s.id === id);
export const appealStatusName = (id: number) =>
  APPEAL_STATUSES.find((status) => status.id === id)?.name ?? `Status ${id}`;

/** An appeal may move from `from` to `to`: the same status, or one of the transitions above. */
export function canMoveAppeal(from: number, to: number): boolean {
  if (!isAppealStatus(from) || !isAppealStatus(to)) return false;
  return from === to || APPEAL_TRANSITIONS[from].includes(to);
}

/** Why the move is refused, in words a user understands; null when it is allowed. */
export function appealMoveProblem(from: number, to: number): string | null {
  if (!isAppealStatus(to)) return `${to} is not an appeal status.`;
  if (canMoveAppeal(from, to)) return null;
  const next = isAppealStatus(from) ? APPEAL_TRANSITIONS[from] : [];
  return `An appeal that is ${appealStatusName(from)} cannot become ${appealStatusName(to)}${
    next.length ? `; it can become ${next.map(appealStatusName).join(', ')}` : ''
  }.`;
}

/** The dropdown's choices: the current status, then where it may go. */
export function appealStatusOptions(current: number): { id: number; name: string }[] {
  const next = isAppealStatus(current) ? APPEAL_TRANSITIONS[current] : [];
  return APPEAL_STATUSES.filter((status) => status.id === current || next.includes(status.id));
}

/** §5: claim and reimbursement, numbers from 0.00, step 0.01 (at most $10,000,000.00, like a payment). */
export const APPEAL_AMOUNT_MIN = 0;
export const APPEAL_AMOUNT_MAX = 10_000_000;
export const APPEAL_AMOUNT_STEP = 0.01;
const appealDollars = z
  .number()
  .finite()
  .min(APPEAL_AMOUNT_MIN, 'The amount must be 0.00 or more')
  .max(APPEAL_AMOUNT_MAX, 'The amount must be at most $10,000,000.00')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most 2 decimals');

/** §8 'Appeal add fails'. */
export const APPEAL_ADD_ERROR = 'Error Adding an Appeal';
/** The spec shows no texts for appeal changes (§8): these follow its wording. */
export const APPEAL_UPDATE_ERROR = 'Error Updating the Appeal';
export const APPEAL_IMAGE_UPLOAD_ERROR = 'Error Uploading Appeal Images';
export const APPEAL_IMAGE_REMOVE_ERROR = 'Error Removing an Appeal Image';

/** Image files an appeal takes (what the storage adapter keeps as they are; others become JPEG). */
export const APPEAL_IMAGE_MAX_BYTES = 25 * 1024 * 1024;
export const APPEAL_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/tiff';

/** POST /api/v1/backroom/returns/appeal/new { inboundReturnId }: only when the return has no appeal (§4). */
export const appealCreateSchema = z.object({ inboundReturnId: idSchema });

/**
 * PATCH /api/v1/backroom/returns/appeal: the appeal status dropdown and the two amounts. A field left out is
 * kept; an amount sent as null is cleared.
 */
export const appealUpdateSchema = z.object({
  inboundReturnId: idSchema,
  inboundReturnAppealStatusId: z.number().int().refine(isAppealStatus, 'Not an appeal status').optional(),
  claimAmountDollar: appealDollars.nullish(),
  reimbursementAmountDollar: appealDollars.nullish(),
});
export type AppealUpdate = z.infer<typeof appealUpdateSchema>;

/** §3 Appeal image: inboundReturnAppealId, createdBy, imageId, cloudinaryUUID, sourceUrl (what is shown). */
export const appealImageSchema = z.object({
  id: z.number().int(),
  inboundReturnAppealId: z.number().int(),
  createdBy: z.number().int().nullable(),
  imageId: z.number().int(),
  cloudinaryUUID: z.string(),
  sourceUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** What the download is called: return-{id}-appeal-image-{appealImageId}.{extension}. */
  fileName: z.string(),
  downloadUrl: z.string(),
  createdAt: z.string(),
});
export type AppealImageDto = z.infer<typeof appealImageSchema>;

/** §3 Inbound return appeal: id, status (name), claimAmountDollar, reimbursementAmountDollar, images. */
export const appealSchema = z.object({
  id: z.number().int(),
  inboundReturnId: z.number().int(),
  inboundReturnAppealStatusId: z.number().int(),
  status: z.object({ id: z.number().int(), name: z.string() }),
  claimAmountDollar: z.number().nullable(),
  reimbursementAmountDollar: z.number().nullable(),
  images: z.array(appealImageSchema),
  createdAt: z.string(),
});
export type AppealDto = z.infer<typeof appealSchema>;

export const appealImagePath = (inboundReturnId: number, appealImageId: number) =>
  `/api/v1/backroom/returns/${inboundReturnId}/appeal/images/${appealImageId}`;
export const appealImageFileName = (inboundReturnId: number, appealImageId: number, extension: string) =>
  `return-${inboundReturnId}-appeal-image-${appealImageId}.${extension}`;
