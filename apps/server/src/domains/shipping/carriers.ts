import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { CarrierAdapter } from './carrier';
import { EasyPostCarrier } from './easypost-carrier';
import { SandboxCarrier } from './sandbox-carrier';

export type AdapterKind = CarrierAdapter['kind'];

/**
 * The carrier adapters of this server: the sandbox always (labels it sold stay trackable and voidable), and
 * EasyPost when EASYPOST_API_KEY is set, which then rates every new shipment. `now` is the clock of delivery
 * dates and tracking; tests move it.
 */
export class Carriers {
  private clock: () => Date = () => new Date();
  private readonly adapters = new Map<AdapterKind, CarrierAdapter>();

  constructor(db: Db, easypost?: CarrierAdapter) {
    this.register(new SandboxCarrier(db, () => this.now()));
    if (easypost) this.register(easypost);
  }

  /** Puts an adapter in place of the one of its kind (tests wrap one to see or break its calls). */
  register(adapter: CarrierAdapter): void {
    this.adapters.set(adapter.kind, adapter);
  }

  now(): Date {
    return this.clock();
  }

  /** Tests: the time the carriers see. */
  setClock(clock: () => Date): void {
    this.clock = clock;
  }

  /** The adapter new shipments are rated with. */
  get default(): CarrierAdapter {
    return this.adapters.get('easypost') ?? this.adapters.get('sandbox')!;
  }

  /** The adapter that made a shipment; a label of an adapter no longer configured cannot be reached. */
  byKind(kind: string): CarrierAdapter | undefined {
    return this.adapters.get(kind as AdapterKind);
  }

  /** Every configured adapter, the default first. */
  all(): CarrierAdapter[] {
    return [this.default, ...[...this.adapters.values()].filter((a) => a !== this.default)];
  }
}

/** The carriers a configuration asks for: EasyPost when EASYPOST_API_KEY is set. */
export function createCarriers(config: Config, db: Db): Carriers {
  const easypost = config.easypostApiKey
    ? new EasyPostCarrier({
        apiKey: config.easypostApiKey,
        baseUrl: config.easypostBaseUrl,
        timeoutMs: config.easypostTimeoutMs,
      })
    : undefined;
  return new Carriers(db, easypost);
}
