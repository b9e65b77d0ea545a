import { randomUUID } from 'node:crypto';
import { carrierLabel, centsToDecimal } from '@backroom/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shippingLabels } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, badRequest } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import type { CarrierAdapter, PurchasedLabel } from './carrier';
import { CarrierError } from './carrier-error';
import {
  type LabelOwner,
  type LabelRow,
  labelFileUrl,
  type ShippingLabel,
  toShippingLabel,
} from './shipping-label-row';

// Buying a label exactly once. The ledger holds at most one live row (pending or bought) per owner (a unique
// index). A buyer first claims the owner's row in a short transaction with a row lock: it inserts a pending row,
// or finds a bought one (and answers it: no second charge), or finds another buyer's purchase under way (and
// waits for it), or finds one that stalled (its buyer died, or the carrier never answered) and takes it over.
// The carrier is called outside any transaction (a slow carrier holds no database connection), and a purchase
// that may have happened is looked up (adapter.findPurchase) before anything is bought again.

/** A purchase under way longer than this is taken to have died: its row may be taken over (the carrier's own
 * timeout is well under it, so its buyer has given up by then). */
export const PURCHASE_LEASE_MS = 120_000;
const WAIT_STEP_MS = 40;

export type NoteWriter = (tx: Db, label: ShippingLabel) => Promise<void>;

export interface PurchaseInput {
  owner: LabelOwner;
  providerShipmentId: string;
  rateId: string;
  insuredCents: number;
  note?: NoteWriter;
}

type Claim =
  | { kind: 'bought'; row: LabelRow }
  | { kind: 'wait' }
  | { kind: 'mine'; row: LabelRow; token: string; fresh: boolean };

export async function purchaseLabel(
  deps: AppDeps,
  auth: AuthContext,
  adapter: CarrierAdapter,
  input: PurchaseInput,
): Promise<ShippingLabel> {
  for (;;) {
    const claim = await claimOwner(deps, auth, adapter.kind, input);
    if (claim.kind === 'bought') return toShippingLabel(claim.row);
    if (claim.kind === 'wait') {
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      continue;
    }
    const label = await buyClaimed(deps, auth, adapter, input, claim);
    if (label) return label;
    // Our lease was taken over while the carrier answered: the owner's label is whatever the ledger says now.
  }
}

/** One short transaction: the owner's live row, locked, and what this buyer may do with it. */
function claimOwner(
  deps: AppDeps,
  auth: AuthContext,
  adapterKind: string,
  input: PurchaseInput,
): Promise<Claim> {
  const token = randomUUID();
  return deps.db.transaction(async (tx) => {
    // needs_reconcile = 1 from the start: from here on a purchase may be sent, and whoever takes the row over
    // must look it up first. This buyer skips the look-up (nothing was sent before it made the row).
    const inserted = (await tx.execute(sql`
      insert into shipping_labels (account_id, owner_kind, owner_id, adapter, provider_shipment_id, rate_id, state,
                                   attempt_token, attempt_started_at, needs_reconcile, created_by)
      values (${auth.accountId}, ${input.owner.kind}, ${input.owner.id}, ${adapterKind}, ${input.providerShipmentId},
              ${input.rateId}, 'pending', ${token}, now(), 1, ${auth.userId})
      on conflict (account_id, owner_kind, owner_id) where state <> 'voided' do nothing
      returning id`)) as unknown as { rows: { id: number }[] };
    const [row] = await tx
      .select()
      .from(shippingLabels)
      .where(
        and(
          eq(shippingLabels.accountId, auth.accountId),
          eq(shippingLabels.ownerKind, input.owner.kind),
          eq(shippingLabels.ownerId, input.owner.id),
          sql`${shippingLabels.state} <> 'voided'`,
        ),
      )
      .for('update');
    if (!row) return { kind: 'wait' }; // voided between the insert and the select: look again
    if (inserted.rows.length > 0) return { kind: 'mine', row, token, fresh: true };
    if (row.state === 'bought') return { kind: 'bought', row };
    const started = row.attemptStartedAt?.getTime();
    if (started !== undefined && Date.now() - started < PURCHASE_LEASE_MS) return { kind: 'wait' };
    const [taken] = await tx
      .update(shippingLabels)
      .set({ attemptToken: token, attemptStartedAt: new Date(), needsReconcile: 1 })
      .where(eq(shippingLabels.id, row.id))
      .returning();
    return { kind: 'mine', row: taken!, token, fresh: false };
  });
}

/** Buys (or finds) the label of a claimed row and records it; null when the claim was lost meanwhile. */
async function buyClaimed(
  deps: AppDeps,
  auth: AuthContext,
  adapter: CarrierAdapter,
  input: PurchaseInput,
  claim: Extract<Claim, { kind: 'mine' }>,
): Promise<ShippingLabel | null> {
  const { row, token } = claim;
  let purchase: PurchasedLabel | null = null;
  try {
    // An earlier attempt on this row may have bought a label whose answer never came: look it up first.
    if (!claim.fresh) {
      purchase = await (deps.carriers.byKind(row.adapter) ?? adapter).findPurchase(row.providerShipmentId);
    }
    purchase ??= await adapter.buy({
      providerShipmentId: input.providerShipmentId,
      rateId: input.rateId,
      insuredCents: input.insuredCents,
      idempotencyKey: `backroom-label-${row.id}`,
    });
  } catch (error) {
    await settleFailure(deps, row.id, token, error);
    throw carrierFailure(error, 'buy the label');
  }
  try {
    return await record(deps, auth, row, token, purchase, input.note, adapter.kind);
  } catch (error) {
    // Bought, but not recorded (the note failed, the database went away): the next try finds it at the carrier.
    await release(deps.db, row.id, token);
    throw error;
  }
}

/** The purchase in the ledger and the owner's note, in one transaction; null when the claim was lost. */
async function record(
  deps: AppDeps,
  auth: AuthContext,
  row: LabelRow,
  token: string,
  purchase: PurchasedLabel,
  note: NoteWriter | undefined,
  adapterKind: string,
): Promise<ShippingLabel | null> {
  return deps.db.transaction(async (tx) => {
    const [bought] = await tx
      .update(shippingLabels)
      .set({
        state: 'bought',
        adapter: adapterKind,
        providerShipmentId: purchase.providerShipmentId,
        rateId: purchase.rateId,
        carrier: carrierLabel(purchase),
        service: purchase.service,
        trackingNumber: purchase.trackingNumber,
        fee: centsToDecimal(purchase.feeCents),
        insuranceFee: centsToDecimal(purchase.insuranceCents),
        insured: centsToDecimal(insuredOf(purchase)),
        labelZpl: purchase.labelZpl,
        labelPdfBase64: purchase.labelPdfBase64,
        labelLayout: purchase.labelLayout ?? null,
        providerJson: withLabelUrls(purchase.providerJson, row.id),
        trackingStatus: 'pre_transit',
        trackingUpdatedAt: new Date(),
        purchasedAt: new Date(),
        attemptToken: null,
        attemptStartedAt: null,
        needsReconcile: 0,
        createdBy: auth.userId,
      })
      .where(and(eq(shippingLabels.id, row.id), eq(shippingLabels.attemptToken, token)))
      .returning();
    if (!bought) return null;
    const label = toShippingLabel(bought);
    await note?.(tx as unknown as Db, label);
    return label;
  });
}

/** The insured amount the provider's JSON records (EasyPost: "insurance" in dollars), in cents. */
function insuredOf(purchase: PurchasedLabel): number {
  const insurance = (purchase.providerJson as { insurance?: unknown } | null)?.insurance;
  const dollars = typeof insurance === 'string' || typeof insurance === 'number' ? Number(insurance) : 0;
  return Number.isFinite(dollars) ? Math.round(dollars * 100) : 0;
}

/** The provider JSON with its postage label pointing at our downloads where the provider gave no file URL. */
function withLabelUrls(json: unknown, labelId: number): unknown {
  if (!json || typeof json !== 'object') return json;
  const shipment = json as { postage_label?: Record<string, unknown> | null };
  if (!shipment.postage_label) return json;
  return {
    ...shipment,
    postage_label: {
      ...shipment.postage_label,
      label_pdf_url: shipment.postage_label.label_pdf_url ?? labelFileUrl(labelId, 'pdf'),
      label_zpl_url: shipment.postage_label.label_zpl_url ?? labelFileUrl(labelId, 'zpl'),
    },
  };
}

/**
 * After a failed carrier call: an uncertain one (the purchase may have happened) leaves the row pending and
 * free, so the next try looks the purchase up at once; a refusal removes the row (nothing was bought).
 */
async function settleFailure(deps: AppDeps, rowId: number, token: string, error: unknown) {
  if (error instanceof CarrierError && !error.uncertain) {
    await deps.db
      .delete(shippingLabels)
      .where(
        and(
          eq(shippingLabels.id, rowId),
          eq(shippingLabels.attemptToken, token),
          eq(shippingLabels.state, 'pending'),
        ),
      );
  } else {
    await release(deps.db, rowId, token);
  }
}

async function release(db: Db, rowId: number, token: string) {
  await db
    .update(shippingLabels)
    .set({ attemptToken: null, attemptStartedAt: null, needsReconcile: 1 })
    .where(
      and(
        eq(shippingLabels.id, rowId),
        eq(shippingLabels.attemptToken, token),
        eq(shippingLabels.state, 'pending'),
      ),
    );
}

/** A carrier failure as the client hears it: the carrier's refusal as a 400, no answer as a 502. */
export function carrierFailure(error: unknown, doing: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof CarrierError) {
    if (error.uncertain) {
      return new AppError(
        502,
        `The carrier did not answer when asked to ${doing}. Try again: Backroom checks with the carrier first, so nothing is bought twice.`,
      );
    }
    if (error.status !== null && error.status >= 400 && error.status < 500) {
      return badRequest(`The carrier refused to ${doing}: ${error.message}`);
    }
    return new AppError(502, `The carrier could not ${doing}: ${error.message}`);
  }
  return new AppError(
    502,
    `The carrier could not ${doing}: ${error instanceof Error ? error.message : String(error)}`,
  );
}
