import {
  type BoughtShipmentDto,
  canPack,
  canRecalculateRates,
  editRefusal,
  hasValidPackage,
  MIN_PACKAGE_WEIGHT_OUNCE,
  packRefusal,
  ratesRefusal,
  sortRates,
} from '@backroom/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { whyNot } from '../../../lib/why-not';
import { useUsbScale } from '../../warehouse/scale/use-usb-scale';
import {
  type OrderShipment,
  shipmentCalls,
  shipmentCopy,
  shipmentsChanged,
  useReloadShipments,
} from '../api';
import {
  draftChanges,
  draftOf,
  type PackageDraft,
  type PackagingBox,
  round2,
  subjectOf,
  withBox,
} from '../lib/shipment-draft';

/** "Debounces: shipment change announcements 650 ms" (orders-warehouse.md §9). */
export const ANNOUNCE_MS = 650;
/** "Debounce: 250 ms on … rates, buy, label download" (returns.md §9): a second press within it does nothing. */
export const ACTION_GUARD_MS = 250;

export type PanelWork = 'save' | 'pack' | 'rates' | 'buy' | 'void' | 'print';

export interface ShipmentPanelOptions {
  /** The packing station: packs and rates by itself once the package is complete; the cheapest rate is chosen. */
  auto?: boolean;
  /** The USB scale fills the weight live (one panel on a page follows it). */
  followScale?: boolean;
  /** The printer mapped to the shipping label kind; Purchase Label prints there and Print Label reprints. */
  printer: { id: number; commonName: string } | null;
  onBought?: (shipment: BoughtShipmentDto) => void;
  onVoided?: (voided: OrderShipment, replacement: OrderShipment | undefined) => void;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));
const isOutOfDate = (error: unknown) =>
  error instanceof ApiError && ['stale', 'rates_outdated', 'not_found'].includes(error.code);

/**
 * The shipment panel's state and work for one shipment: the package being entered (announced 650 ms after the
 * last change), packing, rates, the rate chosen, and buying, voiding and printing its label. Calls to the
 * server for the shipment go one after another; which buttons work follows the shared §4 rules.
 */
export function useShipmentPanel(shipment: OrderShipment, options: ShipmentPanelOptions) {
  const client = useQueryClient();
  const reload = useReloadShipments();
  const latestOptions = useRef(options);
  latestOptions.current = options;
  const { auto = false, followScale = false } = options;

  const [draft, setDraftState] = useState<PackageDraft>(() => draftOf(shipment));
  const draftRef = useRef(draft);
  const [dirty, setDirtyState] = useState(false);
  const dirtyRef = useRef(false);
  const setDirty = useCallback((value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
  }, []);
  const latest = useRef(shipment);
  latest.current = shipment;
  const [work, setWork] = useState<PanelWork | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const [selectedRateId, setSelectedRateId] = useState<string | null>(null);
  const [insuredAmount, setInsuredAmount] = useState(0);
  const [manualWeight, setManualWeight] = useState(false);
  // The actions pressed and still guarded: a double click of one button is one action; another button is not held up.
  const guard = useRef(new Set<string>());

  // The saved package moved on (a reply, another screen): the copy follows unless it holds unsent changes.
  const savedKey = JSON.stringify(draftOf(shipment));
  // biome-ignore lint/correctness/useExhaustiveDependencies: savedKey stands for the saved package.
  useEffect(() => {
    if (dirtyRef.current) return;
    const saved = draftOf(latest.current);
    draftRef.current = saved;
    setDraftState(saved);
  }, [savedKey]);

  /** One call at a time for this shipment, in the order asked. */
  const serial = useCallback(<T>(kind: PanelWork, fn: () => Promise<T>): Promise<T> => {
    const run = chain.current.then(async () => {
      setWork(kind);
      try {
        return await fn();
      } finally {
        setWork(null);
      }
    });
    chain.current = run.catch(() => undefined);
    return run;
  }, []);

  const accept = useCallback(
    (changed: OrderShipment[], reloadOrder: boolean) => {
      const mine = changed.find((s) => s.id === latest.current.id);
      if (mine) latest.current = mine;
      shipmentsChanged(client, latest.current.channelOrderId, changed, { reloadOrder });
    },
    [client],
  );

  /** PATCH …/shipments with what the copy changes; answers the shipment as saved. */
  const saveNow = useCallback(async () => {
    const current = latest.current;
    const sent = draftRef.current;
    const changes = draftChanges(sent, current);
    if (changes) {
      const saved = await shipmentCalls.patch({
        id: current.id,
        channelOrderId: current.channelOrderId,
        ...changes,
      });
      accept(saved, false);
    }
    if (draftRef.current === sent) setDirty(false);
    return latest.current;
  }, [accept, setDirty]);

  /** Pack: saves the copy's package with the packing (a note on the order says what it is packed in). */
  const packNow = useCallback(async () => {
    const sent = draftRef.current;
    const packed = await shipmentCalls.pack({ ...shipmentCopy(latest.current), ...sent });
    accept(packed, true);
    if (draftRef.current === sent) setDirty(false);
    return latest.current;
  }, [accept, setDirty]);

  const rateNow = useCallback(async () => {
    const rated = await shipmentCalls.rates(latest.current);
    accept(rated, false);
    return latest.current;
  }, [accept]);

  const failed = useCallback(
    (title: string, error: unknown) => {
      notify({ color: 'red', title, message: messageOf(error), autoClose: 8000 });
      if (isOutOfDate(error)) void reload(latest.current.channelOrderId);
    },
    [reload],
  );

  /** The announcement: the packing station packs a complete package at once, elsewhere it is saved. */
  const settle = useCallback(
    () =>
      serial('save', async () => {
        const current = latest.current;
        const subject = subjectOf(current, draftRef.current);
        try {
          if (auto && current.isPacked !== 1 && canPack(subject) && hasValidPackage(subject)) await packNow();
          else await saveNow();
        } catch (error) {
          setDirty(false);
          failed(`Error updating ${current.id}.`, error);
        }
      }),
    [auto, failed, packNow, saveNow, serial, setDirty],
  );

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const announce = useCallback(
    (delay: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void settle(), delay);
    },
    [settle],
  );
  const cancelAnnouncement = () => clearTimeout(timer.current);

  const changeDraft = useCallback(
    (next: PackageDraft, delay = ANNOUNCE_MS) => {
      if (next === draftRef.current) return;
      draftRef.current = next;
      setDraftState(next);
      setDirty(true);
      announce(delay);
    },
    [announce, setDirty],
  );

  const setField = useCallback(
    (field: keyof Omit<PackageDraft, 'warehousePackagingId'>, value: number | null) => {
      if (field === 'packageWeightOunce') setManualWeight(true);
      const next =
        field === 'isTrainingShipment'
          ? { ...draftRef.current, isTrainingShipment: value ? 1 : (0 as 0 | 1) }
          : { ...draftRef.current, [field]: value === null ? null : round2(value) };
      changeDraft(next as PackageDraft);
    },
    [changeDraft],
  );

  /** A box is a choice, not typing: announced at once. */
  const chooseBox = useCallback(
    (box: PackagingBox | null) => {
      const next = box ? withBox(draftRef.current, box) : { ...draftRef.current, warehousePackagingId: null };
      changeDraft(next, 0);
    },
    [changeDraft],
  );

  // The scale fills the weight live while this panel follows it, until the packer types a weight.
  const scale = useUsbScale().state;
  const editable = editRefusal(shipment) === null;
  useEffect(() => {
    if (!followScale || manualWeight || !editable || scale.status !== 'connected') return;
    const ounces = scale.ounces;
    // An empty scale (the box lifted off) keeps the last weight.
    if (ounces === null || ounces < MIN_PACKAGE_WEIGHT_OUNCE) return;
    if (round2(ounces) === draftRef.current.packageWeightOunce) return;
    changeDraft({ ...draftRef.current, packageWeightOunce: round2(ounces) });
  }, [followScale, manualWeight, editable, scale.status, scale.ounces, changeDraft]);

  const rates = useMemo(() => sortRates(shipment.rates), [shipment.rates]);
  // A choice that is no longer among the rates goes; the packing station takes the cheapest.
  useEffect(() => {
    setSelectedRateId((current) =>
      current && rates.some((rate) => rate.id === current) ? current : auto ? (rates[0]?.id ?? null) : null,
    );
  }, [rates, auto]);

  // The packing station's own steps: pack a complete package, then ask the rates, once per saved state.
  const autoTried = useRef('');
  useEffect(() => {
    if (!auto || work || dirty) return;
    const key = `${shipment.id}:${savedKey}:${shipment.isPacked}:${shipment.ratedAt}`;
    if (autoTried.current === key) return;
    const subject = subjectOf(shipment, draftOf(shipment));
    if (shipment.isPacked !== 1 && canPack(subject) && hasValidPackage(subject)) {
      autoTried.current = key;
      void serial('pack', packNow).catch((error) => failed(`Error updating ${shipment.id}.`, error));
    } else if (shipment.rates.length === 0 && shipment.flags.canRecalculateRates) {
      autoTried.current = key;
      void serial('rates', rateNow).catch((error) => failed('Error Calculating Shipping', error));
    }
  }, [auto, work, dirty, shipment, savedKey, serial, packNow, rateNow, failed]);

  const subject = subjectOf(shipment, draft);
  const label = shipment.label;
  const labelLive = shipment.rateState === 'shipped' && shipment.isVoided !== 1 && label?.state === 'bought';
  const idle = work === null;
  const chosenRate = rates.find((rate) => rate.id === selectedRateId) ?? null;
  const can = {
    edit: editable,
    pack: idle && editable && canPack(subject),
    rate: idle && canRecalculateRates(subject),
    buy:
      idle &&
      !dirty &&
      chosenRate !== null &&
      shipment.rateState === 'unshipped' &&
      canRecalculateRates(shipment),
    void: idle && labelLive,
    print: idle && labelLive && options.printer !== null,
    download: labelLive,
  };
  /** Why rates cannot be asked for now, in the shared rule's words. */
  const ratesBlocked = ratesRefusal(subject)?.message ?? null;
  /**
   * Why each button cannot be used now (issue 19 §2: disabled buttons say why), in the shared rules' words; a
   * request under way is a moment's wait (the busy button's spinner), not a reason.
   */
  const why = {
    pack: editRefusal(shipment)?.message ?? packRefusal(subject)?.message ?? null,
    rate: ratesBlocked,
    buy: whyNot(
      [shipment.rateState !== 'unshipped', 'The label is already bought.'],
      [ratesRefusal(shipment), ratesRefusal(shipment)?.message ?? ''],
      [dirty, 'The package changed since the rates: Calculate Shipping again.'],
      [chosenRate === null, 'Choose a rate first.'],
    ),
    void: labelLive ? null : 'The label is voided.',
    print: whyNot(
      [!labelLive, 'The label is voided.'],
      [options.printer === null, 'Map a shipping label printer in Label Settings.'],
    ),
    download: labelLive ? null : 'The label is voided.',
  };

  /** A second press of the same action while the first is on its way, or within the guard after it, does nothing. */
  const guarded = (action: string, fn: () => Promise<unknown>) => {
    if (guard.current.has(action)) return;
    guard.current.add(action);
    void fn().finally(() =>
      setTimeout(() => {
        guard.current.delete(action);
      }, ACTION_GUARD_MS),
    );
  };

  const pack = () => {
    if (!can.pack) return;
    cancelAnnouncement();
    guarded('pack', () =>
      serial('pack', packNow)
        .then((packed) => notify({ color: 'green', message: `Updated ${packed.id}.` }))
        .catch((error) => failed(`Error updating ${shipment.id}.`, error)),
    );
  };

  const calculate = () => {
    if (!can.rate) return;
    cancelAnnouncement();
    guarded('calculate', () =>
      serial('rates', async () => {
        await saveNow();
        return rateNow();
      }).catch((error) => failed('Error Calculating Shipping', error)),
    );
  };

  const buy = () => {
    if (!can.buy || !chosenRate) return;
    const rateId = chosenRate.id;
    guarded('buy', () =>
      serial('buy', async () => {
        const { printer } = latestOptions.current;
        const bought = await shipmentCalls.buy(latest.current, {
          selectedRateId: rateId,
          serverPrinterId: printer?.id ?? null,
          insuredAmount,
        });
        accept([bought], true);
        return bought;
      })
        .then((bought) => {
          notify({
            color: 'green',
            message: `Label Purchased with total Fee: $${(bought.label?.fee ?? bought.carrierFeeBilled).toFixed(2)}`,
          });
          if (bought.printError)
            notify({
              color: 'yellow',
              title: 'The label was bought but not printed',
              message: bought.printError,
              autoClose: 10000,
            });
          latestOptions.current.onBought?.(bought);
        })
        .catch((error) => failed('Error Adding a Shipment', error)),
    );
  };

  const voidLabel = () => {
    if (!can.void) return;
    guarded('voidLabel', () =>
      serial('void', () => shipmentCalls.void(latest.current))
        .then((changed) => {
          const [voided, replacement] = changed;
          accept(changed, true);
          const refunded = voided?.label?.refundStatus != null;
          notify({
            color: 'green',
            message: refunded
              ? `Voided Shipment ${voided!.id}: Refund Requested.`
              : `Updated ${voided?.id ?? shipment.id}.`,
          });
          if (voided) latestOptions.current.onVoided?.(voided, replacement);
        })
        .catch((error) => failed(`Error updating ${shipment.id}.`, error)),
    );
  };

  const print = () => {
    const { printer } = latestOptions.current;
    if (!can.print || !printer) return;
    guarded('print', () =>
      serial('print', () => shipmentCalls.print(latest.current, printer.id))
        .then((job) =>
          notify({
            color: 'green',
            title: 'Printing Shipping Label',
            message: `Job #${job.printJobId} on ${printer.commonName}`,
          }),
        )
        .catch((error) => failed(`Error updating ${shipment.id}.`, error)),
    );
  };

  return {
    shipment,
    draft,
    dirty,
    work,
    rates,
    selectedRateId,
    setSelectedRateId,
    insuredAmount,
    setInsuredAmount,
    manualWeight,
    useScaleWeight: () => setManualWeight(false),
    setField,
    chooseBox,
    can,
    why,
    ratesBlocked,
    label,
    labelLive,
    actions: { pack, calculate, buy, void: voidLabel, print },
  };
}

export type ShipmentPanelState = ReturnType<typeof useShipmentPanel>;
