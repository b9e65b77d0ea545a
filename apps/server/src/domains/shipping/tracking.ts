import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelOrderShipments, inboundReturnShipments, shippingLabels } from '../../db/schema';
import type { LabelOwnerKind } from '../../db/schema/shipping';
import type { AppDeps } from '../../deps';
import type { TrackingUpdate } from './carrier';
import type { LabelRow } from './shipping-label-row';

// Tracking: a label's delivery status as its carrier reports it, through the tracking job (sandbox: computed
// from the purchase time; EasyPost: an occasional Tracker fetch) or EasyPost's webhook. When a label is
// delivered its ledger row says so and the owner's delivered handler marks the owner delivered, in one
// transaction.

/** Marks an owner delivered when its label is: `tx` is the transaction that records the delivery. */
export type DeliveredHandler = (tx: Db, label: LabelRow, deliveredAt: Date) => Promise<void>;

const deliveredHandlers: Record<LabelOwnerKind, DeliveredHandler | null> = {
  // The order shipment's isDelivered flag (orders-warehouse.md §3 Shipment).
  orderShipment: async (tx, label) => {
    await tx
      .update(channelOrderShipments)
      .set({ isDelivered: 1 })
      .where(
        and(
          eq(channelOrderShipments.id, label.ownerId),
          eq(channelOrderShipments.accountId, label.accountId),
        ),
      );
  },
  // The return shipment's isDelivered and deliveredAt (returns.md §3 Inbound return shipment).
  returnShipment: async (tx, label, deliveredAt) => {
    await tx
      .update(inboundReturnShipments)
      .set({ isDelivered: 1, deliveredAt })
      .where(
        and(
          eq(inboundReturnShipments.id, label.ownerId),
          eq(inboundReturnShipments.accountId, label.accountId),
        ),
      );
  },
  oneOff: null,
};

/** Replaces the delivered handler of an owner kind (the module that owns those rows may mark more). */
export function onLabelDelivered(kind: LabelOwnerKind, handler: DeliveredHandler | null): void {
  deliveredHandlers[kind] = handler;
}

/**
 * Records a tracking update on a bought label; the first 'delivered' also sets deliveredAt and calls the
 * owner's delivered handler. An update for a label already delivered, or voided, changes nothing.
 */
export async function applyTracking(
  deps: AppDeps,
  labelId: number,
  update: TrackingUpdate,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const deliveredAt = update.status === 'delivered' ? new Date(update.deliveredAt ?? Date.now()) : null;
    const [row] = await tx
      .update(shippingLabels)
      .set({
        trackingStatus: update.status,
        trackingUpdatedAt: new Date(),
        estimatedDeliveryDate: update.estimatedDeliveryDate,
        trackingJson: update.providerJson,
        deliveredAt,
      })
      .where(
        and(
          eq(shippingLabels.id, labelId),
          eq(shippingLabels.state, 'bought'),
          isNull(shippingLabels.deliveredAt),
        ),
      )
      .returning();
    if (!row) return false;
    if (deliveredAt) await deliveredHandlers[row.ownerKind]?.(tx as unknown as Db, row, deliveredAt);
    return true;
  });
}

/** Labels bought and not yet delivered, those not looked at the longest first. */
function undelivered(deps: AppDeps, limit: number) {
  return deps.db
    .select({
      id: shippingLabels.id,
      adapter: shippingLabels.adapter,
      trackingNumber: shippingLabels.trackingNumber,
      carrier: shippingLabels.carrier,
      trackingUpdatedAt: shippingLabels.trackingUpdatedAt,
    })
    .from(shippingLabels)
    .where(and(eq(shippingLabels.state, 'bought'), isNull(shippingLabels.deliveredAt)))
    .orderBy(asc(sql`coalesce(${shippingLabels.trackingUpdatedAt}, '-infinity')`), asc(shippingLabels.id))
    .limit(limit);
}

/** EasyPost pushes updates (webhook); the job asks it itself only this long after the last one. */
export const EASYPOST_POLL_MS = 6 * 3_600_000;

/**
 * One pass of the tracking job over labels not yet delivered: the sandbox's are computed (cheap), EasyPost's
 * asked for only when nothing was heard of them for a while. Answers how many labels changed.
 */
export async function trackLabels(deps: AppDeps, limit = 500): Promise<number> {
  let changed = 0;
  const now = deps.carriers.now().getTime();
  for (const label of await undelivered(deps, limit)) {
    const adapter = deps.carriers.byKind(label.adapter);
    if (!adapter || !label.trackingNumber) continue;
    if (
      label.adapter === 'easypost' &&
      label.trackingUpdatedAt &&
      now - label.trackingUpdatedAt.getTime() < EASYPOST_POLL_MS
    ) {
      continue;
    }
    try {
      const update = await adapter.track(label.trackingNumber, label.carrier ?? '');
      if (await applyTracking(deps, label.id, update)) changed++;
    } catch {
      // A carrier that does not answer now is asked again next time; the others go on.
    }
  }
  return changed;
}

/**
 * Runs trackLabels every `intervalSeconds` in one server process at a time (an advisory lock through
 * deps.events.runExclusive); the others skip their turn.
 */
export class TrackingJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly deps: AppDeps,
    private readonly log?: { warn(details: object, message: string): void },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.deps.config.trackingIntervalSeconds * 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass, unless one is running here or in another process. */
  runOnce(): Promise<unknown> {
    this.running ??= this.deps.events
      .runExclusive('shippingTracking', async () => {
        await trackLabels(this.deps);
      })
      .catch((error: unknown) =>
        this.log?.warn({ err: error }, 'the shipping tracking job failed; it tries again'),
      )
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
