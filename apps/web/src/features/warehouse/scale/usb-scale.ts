/// <reference types="w3c-web-hid" />
import { isScaleVendor, parseScaleReport, SCALE_POLL_MS, SCALE_VENDOR_IDS } from '@backroom/shared';

/** The spec's step names; 'close' is added for a failing disconnect, which the spec does not name. */
export type ScaleErrorSource =
  | 'requestScalingDevice'
  | 'open'
  | 'selectConfiguration'
  | 'claimInterface'
  | 'poller'
  | 'close';

export interface ScaleError {
  source: ScaleErrorSource;
  message: string;
}

export type ScaleStatus = 'unsupported' | 'disconnected' | 'connecting' | 'connected';

export interface UsbScaleState {
  status: ScaleStatus;
  /** Latest weight in ounces (unit assumed by the spec), null until a reading arrives or when disconnected. */
  ounces: number | null;
  error: ScaleError | null;
  deviceName: string | null;
}

export type ScaleHid = Pick<HID, 'requestDevice' | 'getDevices' | 'addEventListener' | 'removeEventListener'>;

export interface UsbScaleDeps {
  /** `navigator.hid`; undefined where the browser has no WebHID. */
  hid: ScaleHid | undefined;
  setInterval: (handler: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export const NO_SCALE_SELECTED = 'No scale was selected.';
export const SCALE_NOT_OPEN = 'The scale is not open.';

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * One USB scale read over WebHID (browsers refuse WebUSB access to HID-class devices), following the spec's
 * connect, open, select configuration, claim interface, poll sequence. Framework-free: React reads it through
 * `subscribe` / `getState` (useSyncExternalStore).
 *
 * Polling: the scale pushes its weight as HID input reports; the 'inputreport' listener keeps the latest one
 * and the 100 ms poller parses and publishes it. `receiveFeatureReport` is not used: scales send the weight
 * as input reports and most declare no feature report to ask for it. Polling rather than publishing each report
 * keeps the spec's cadence and caps re-renders at 10 a second however fast the scale reports.
 */
export class UsbScale {
  private state: UsbScaleState;
  private readonly listeners = new Set<() => void>();
  private readonly deps: UsbScaleDeps;
  private device: HIDDevice | null = null;
  private latestReport: { reportId: number; data: DataView } | null = null;
  private timer: unknown = null;
  /** Bumped by every connect, restore, disconnect and failure, so late answers from an abandoned run are dropped. */
  private attempt = 0;

  constructor(deps: UsbScaleDeps) {
    this.deps = deps;
    this.state = {
      status: deps.hid ? 'disconnected' : 'unsupported',
      ounces: null,
      error: null,
      deviceName: null,
    };
  }

  readonly getState = (): UsbScaleState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Asks the user to pick a scale (the browser's chooser, filtered to the scale vendors), then opens it. */
  async connect(): Promise<void> {
    const { hid } = this.deps;
    if (!hid || this.state.status === 'connecting' || this.state.status === 'connected') return;
    const attempt = ++this.attempt;
    this.setState({ status: 'connecting', ounces: null, error: null, deviceName: null });
    let devices: HIDDevice[];
    try {
      // Called before any await: the chooser needs the click's user activation.
      devices = await hid.requestDevice({ filters: SCALE_VENDOR_IDS.map((vendorId) => ({ vendorId })) });
    } catch (error) {
      this.fail(attempt, 'requestScalingDevice', error);
      return;
    }
    if (attempt !== this.attempt) return;
    const device = devices[0];
    // WebHID answers [] when the chooser is cancelled, where WebUSB rejected: report it the same way.
    if (!device) {
      this.fail(attempt, 'requestScalingDevice', new Error(NO_SCALE_SELECTED));
      return;
    }
    await this.attach(attempt, device);
  }

  /**
   * Reconnects without a chooser to a scale this site was already allowed to use; stays disconnected when there
   * is none. Meant for start-up.
   */
  async restore(): Promise<void> {
    const { hid } = this.deps;
    if (!hid || this.state.status !== 'disconnected') return;
    const attempt = ++this.attempt;
    let devices: HIDDevice[];
    try {
      devices = await hid.getDevices();
    } catch (error) {
      this.fail(attempt, 'requestScalingDevice', error);
      return;
    }
    if (attempt !== this.attempt) return;
    // Permissions may also cover other HID devices (e.g. scanners) of this site.
    const device = devices.find((candidate) => isScaleVendor(candidate.vendorId));
    if (!device) return;
    this.setState({ error: null });
    await this.attach(attempt, device);
  }

  /** Stops polling, releases the report stream and closes the device. */
  async disconnect(): Promise<void> {
    const attempt = ++this.attempt;
    const device = this.release();
    this.setState({
      status: this.deps.hid ? 'disconnected' : 'unsupported',
      ounces: null,
      error: null,
      deviceName: null,
    });
    if (!device?.opened) return;
    try {
      await device.close();
    } catch (error) {
      this.fail(attempt, 'close', error);
    }
  }

  private async attach(attempt: number, device: HIDDevice): Promise<void> {
    this.device = device;
    this.setState({ status: 'connecting', deviceName: device.productName || null });
    try {
      if (!device.opened) await device.open();
    } catch (error) {
      this.fail(attempt, 'open', error);
      return;
    }
    if (attempt !== this.attempt) {
      // Abandoned while opening: disconnect() found it not yet open, so close it here unless reused since.
      if (this.device !== device && device.opened) void device.close().catch(() => undefined);
      return;
    }
    // WebHID has no configuration to select nor interface to claim; the steps stay as checks so a device that
    // is not open fails under the spec's names.
    if (!device.opened) {
      this.fail(attempt, 'selectConfiguration', new Error(SCALE_NOT_OPEN));
      return;
    }
    try {
      // Listening to input reports is what claiming the interface gave WebUSB: the scale's data stream.
      device.addEventListener('inputreport', this.onInputReport);
    } catch (error) {
      this.fail(attempt, 'claimInterface', error);
      return;
    }
    this.deps.hid?.addEventListener('disconnect', this.onHidDisconnect);
    const { setInterval } = this.deps;
    this.timer = setInterval(() => this.poll(attempt, device), SCALE_POLL_MS);
    this.setState({ status: 'connected' });
  }

  private poll(attempt: number, device: HIDDevice): void {
    if (attempt !== this.attempt) return;
    try {
      if (!device.opened) throw new Error(SCALE_NOT_OPEN);
      const report = this.latestReport;
      if (!report) return;
      this.latestReport = null;
      const ounces = parseScaleReport(report.data, report.reportId);
      // Other report lengths are not weight readings (scales send status reports too).
      if (ounces !== null) this.setState({ ounces });
    } catch (error) {
      this.fail(attempt, 'poller', error);
    }
  }

  private readonly onInputReport = (event: HIDInputReportEvent): void => {
    this.latestReport = { reportId: event.reportId, data: event.data };
  };

  /** Unplugged or switched off (scales power down by themselves): not an error, and the browser closed it. */
  private readonly onHidDisconnect = (event: HIDConnectionEvent): void => {
    if (event.device !== this.device) return;
    this.attempt++;
    this.release();
    this.setState({ status: 'disconnected', ounces: null });
  };

  /** Reports the failure, marks the scale disconnected and closes the device as best it can. */
  private fail(attempt: number, source: ScaleErrorSource, error: unknown): void {
    if (attempt !== this.attempt) return;
    this.attempt++;
    const device = this.release();
    this.setState({ status: 'disconnected', ounces: null, error: { source, message: messageOf(error) } });
    // The first error is the one worth showing; a failing close after it is not.
    if (device?.opened) void device.close().catch(() => undefined);
  }

  /** Stops the poller and drops every listener; answers the device that was in use. */
  private release(): HIDDevice | null {
    const device = this.device;
    if (this.timer !== null) {
      const { clearInterval } = this.deps;
      clearInterval(this.timer);
      this.timer = null;
    }
    device?.removeEventListener('inputreport', this.onInputReport);
    this.deps.hid?.removeEventListener('disconnect', this.onHidDisconnect);
    this.device = null;
    this.latestReport = null;
    return device;
  }

  private setState(patch: Partial<UsbScaleState>): void {
    const next = { ...this.state, ...patch };
    const current = this.state;
    if (
      next.status === current.status &&
      next.ounces === current.ounces &&
      next.error === current.error &&
      next.deviceName === current.deviceName
    ) {
      return;
    }
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }
}
