import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_SCALE_SELECTED, SCALE_NOT_OPEN, type ScaleHid, UsbScale, type UsbScaleState } from './usb-scale';

/** EventTarget that counts its listeners, so tests can see what was released. */
class CountingTarget extends EventTarget {
  private readonly registered = new Map<string, Set<unknown>>();

  listenerCount(type: string): number {
    return this.registered.get(type)?.size ?? 0;
  }

  override addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ): void {
    super.addEventListener(type, listener, options);
    const set = this.registered.get(type) ?? new Set();
    set.add(listener);
    this.registered.set(type, set);
  }

  override removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | EventListenerOptions,
  ): void {
    super.removeEventListener(type, listener, options);
    this.registered.get(type)?.delete(listener);
  }
}

class FakeHidDevice extends CountingTarget {
  opened = false;
  openCalls = 0;
  closeCalls = 0;
  openError: unknown = null;
  closeError: unknown = null;
  /** open() resolves without opening, as a device that went away mid-open would leave it. */
  openLeavesClosed = false;
  listenError: unknown = null;
  pendingOpen: Promise<void> | null = null;

  constructor(
    readonly vendorId: number,
    readonly productId: number,
    readonly productName: string,
  ) {
    super();
  }

  async open(): Promise<void> {
    this.openCalls++;
    if (this.pendingOpen) await this.pendingOpen;
    if (this.openError) throw this.openError;
    if (!this.openLeavesClosed) this.opened = true;
  }

  async close(): Promise<void> {
    this.closeCalls++;
    if (this.closeError) throw this.closeError;
    this.opened = false;
  }

  override addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ): void {
    if (type === 'inputreport' && this.listenError) throw this.listenError;
    super.addEventListener(type, listener, options);
  }

  /** WebHID delivers the data without the report id byte. */
  report(data: number[], reportId = 3): void {
    const event = Object.assign(new Event('inputreport'), {
      device: this,
      reportId,
      data: new DataView(new Uint8Array(data).buffer),
    });
    this.dispatchEvent(event);
  }
}

class FakeHid extends CountingTarget {
  chosen: FakeHidDevice[] = [];
  permitted: FakeHidDevice[] = [];
  requestError: unknown = null;
  getDevicesError: unknown = null;
  pendingRequest: Promise<void> | null = null;
  readonly requests: HIDDeviceRequestOptions[] = [];
  getDevicesCalls = 0;

  async requestDevice(options: HIDDeviceRequestOptions): Promise<HIDDevice[]> {
    this.requests.push(options);
    if (this.pendingRequest) await this.pendingRequest;
    if (this.requestError) throw this.requestError;
    return this.chosen as unknown as HIDDevice[];
  }

  async getDevices(): Promise<HIDDevice[]> {
    this.getDevicesCalls++;
    if (this.getDevicesError) throw this.getDevicesError;
    return this.permitted as unknown as HIDDevice[];
  }

  /** The browser closes an unplugged device, then tells the page. */
  unplug(device: FakeHidDevice): void {
    device.opened = false;
    this.dispatchEvent(Object.assign(new Event('disconnect'), { device }));
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const WEIGHT_12_34 = [4, 11, 255, 0xd2, 0x04];

let hid: FakeHid;
let device: FakeHidDevice;
let scale: UsbScale;
let states: UsbScaleState[];

function createScale(withHid: FakeHid | undefined): UsbScale {
  const created = new UsbScale({
    // HID's typed 'connect' / 'disconnect' overload is not worth copying into the fake.
    hid: withHid as unknown as ScaleHid | undefined,
    setInterval: (handler, ms) => setInterval(handler, ms),
    clearInterval: (handle) => clearInterval(handle as number),
  });
  states = [];
  created.subscribe(() => states.push(created.getState()));
  return created;
}

beforeEach(() => {
  vi.useFakeTimers();
  hid = new FakeHid();
  device = new FakeHidDevice(3768, 32771, 'Test Scale');
  hid.chosen = [device];
  scale = createScale(hid);
});

afterEach(() => {
  vi.useRealTimers();
});

const connected: UsbScaleState = { status: 'connected', ounces: null, error: null, deviceName: 'Test Scale' };

describe('UsbScale without WebHID', () => {
  it('is unsupported and connect / restore do nothing', async () => {
    scale = createScale(undefined);
    expect(scale.getState()).toEqual({ status: 'unsupported', ounces: null, error: null, deviceName: null });
    await scale.connect();
    await scale.restore();
    await scale.disconnect();
    expect(scale.getState().status).toBe('unsupported');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('UsbScale connect and poll', () => {
  it('starts disconnected', () => {
    expect(scale.getState()).toEqual({ status: 'disconnected', ounces: null, error: null, deviceName: null });
  });

  it('asks for the scale vendors, opens the device and starts one poller', async () => {
    await scale.connect();
    expect(hid.requests).toEqual([{ filters: [{ vendorId: 3768 }, { vendorId: 2338 }, { vendorId: 1241 }] }]);
    expect(device.openCalls).toBe(1);
    expect(device.opened).toBe(true);
    expect(device.listenerCount('inputreport')).toBe(1);
    expect(hid.listenerCount('disconnect')).toBe(1);
    expect(vi.getTimerCount()).toBe(1);
    expect(states.map((s) => [s.status, s.deviceName])).toEqual([
      ['connecting', null],
      ['connecting', 'Test Scale'],
      ['connected', 'Test Scale'],
    ]);
    expect(scale.getState()).toEqual(connected);
  });

  it('publishes the latest report on the next 100 ms tick', async () => {
    await scale.connect();
    device.report(WEIGHT_12_34);
    vi.advanceTimersByTime(99);
    expect(scale.getState().ounces).toBeNull();
    vi.advanceTimersByTime(1);
    expect(scale.getState()).toEqual({ ...connected, ounces: 12.34 });

    device.report([4, 11, 255, 0x01, 0x00]);
    device.report([4, 11, 255, 0x39, 0x30]);
    vi.advanceTimersByTime(100);
    expect(scale.getState().ounces).toBe(123.45);
    expect(states.map((s) => s.ounces)).toEqual([null, null, null, 12.34, 123.45]);
  });

  it('keeps the weight and stays quiet while no new or changed report arrives', async () => {
    await scale.connect();
    device.report(WEIGHT_12_34);
    vi.advanceTimersByTime(100);
    const notified = states.length;
    vi.advanceTimersByTime(500);
    device.report(WEIGHT_12_34);
    vi.advanceTimersByTime(100);
    expect(states.length).toBe(notified);
    expect(scale.getState().ounces).toBe(12.34);
  });

  it('reads a whole 6-byte report from a device without report ids', async () => {
    await scale.connect();
    device.report([0, 4, 11, 255, 0x10, 0x27], 0);
    vi.advanceTimersByTime(100);
    expect(scale.getState().ounces).toBe(100);
  });

  it('ignores reports that are not weight readings', async () => {
    await scale.connect();
    device.report(WEIGHT_12_34);
    vi.advanceTimersByTime(100);
    device.report([1, 2], 4);
    vi.advanceTimersByTime(100);
    expect(scale.getState()).toEqual({ ...connected, ounces: 12.34 });
  });

  it('does not connect twice, and stops notifying an unsubscribed listener', async () => {
    const listener = vi.fn();
    scale.subscribe(listener)();
    await scale.connect();
    await scale.connect();
    expect(hid.requests.length).toBe(1);
    expect(vi.getTimerCount()).toBe(1);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('UsbScale errors', () => {
  const expectFailed = (source: string, message: string, deviceName: string | null = 'Test Scale') => {
    expect(scale.getState()).toEqual({
      status: 'disconnected',
      ounces: null,
      error: { source, message },
      deviceName,
    });
    expect(vi.getTimerCount()).toBe(0);
    expect(device.listenerCount('inputreport')).toBe(0);
    expect(hid.listenerCount('disconnect')).toBe(0);
  };

  it('reports a failing chooser under requestScalingDevice', async () => {
    hid.requestError = new DOMException('No device selected.', 'NotFoundError');
    await scale.connect();
    expectFailed('requestScalingDevice', 'No device selected.', null);
    expect(device.openCalls).toBe(0);
  });

  it('reports a cancelled chooser under requestScalingDevice', async () => {
    hid.chosen = [];
    await scale.connect();
    expectFailed('requestScalingDevice', NO_SCALE_SELECTED, null);
  });

  it('reports a failing open under open', async () => {
    device.openError = new DOMException('Failed to open the device.', 'NotAllowedError');
    await scale.connect();
    expectFailed('open', 'Failed to open the device.');
    expect(device.closeCalls).toBe(0);
  });

  it('reports a device left closed under selectConfiguration', async () => {
    device.openLeavesClosed = true;
    await scale.connect();
    expectFailed('selectConfiguration', SCALE_NOT_OPEN);
  });

  it('reports a refused report stream under claimInterface and closes the device', async () => {
    device.listenError = new Error('Reports unavailable');
    await scale.connect();
    expectFailed('claimInterface', 'Reports unavailable');
    await vi.waitFor(() => expect(device.opened).toBe(false));
    expect(device.closeCalls).toBe(1);
  });

  it('reports a device closed under it under poller', async () => {
    await scale.connect();
    device.report(WEIGHT_12_34);
    vi.advanceTimersByTime(100);
    device.opened = false;
    vi.advanceTimersByTime(100);
    expectFailed('poller', SCALE_NOT_OPEN);
    expect(device.closeCalls).toBe(0);
  });

  it('reports a failing getDevices under requestScalingDevice', async () => {
    hid.getDevicesError = new Error('Permission lookup failed');
    await scale.restore();
    expectFailed('requestScalingDevice', 'Permission lookup failed', null);
  });

  it('reports a failing close under close', async () => {
    await scale.connect();
    device.closeError = new Error('Close failed');
    await scale.disconnect();
    expectFailed('close', 'Close failed', null);
  });

  it('reports a non-Error rejection by its text', async () => {
    hid.requestError = 'blocked';
    await scale.connect();
    expect(scale.getState().error).toEqual({ source: 'requestScalingDevice', message: 'blocked' });
  });

  it('clears the error on the next connect', async () => {
    device.openError = new Error('Busy');
    await scale.connect();
    device.openError = null;
    await scale.connect();
    expect(scale.getState()).toEqual(connected);
  });
});

describe('UsbScale disconnect', () => {
  it('stops polling, releases the reports and closes the device', async () => {
    await scale.connect();
    device.report(WEIGHT_12_34);
    vi.advanceTimersByTime(100);
    await scale.disconnect();
    expect(scale.getState()).toEqual({ status: 'disconnected', ounces: null, error: null, deviceName: null });
    expect(vi.getTimerCount()).toBe(0);
    expect(device.listenerCount('inputreport')).toBe(0);
    expect(hid.listenerCount('disconnect')).toBe(0);
    expect(device.closeCalls).toBe(1);
    expect(device.opened).toBe(false);
  });

  it('follows an unplugged scale without an error or a close, ignoring other devices', async () => {
    await scale.connect();
    device.report(WEIGHT_12_34);
    vi.advanceTimersByTime(100);
    hid.unplug(new FakeHidDevice(2338, 1, 'Other'));
    expect(scale.getState()).toEqual({ ...connected, ounces: 12.34 });
    hid.unplug(device);
    expect(scale.getState()).toEqual({ ...connected, status: 'disconnected' });
    expect(vi.getTimerCount()).toBe(0);
    expect(device.listenerCount('inputreport')).toBe(0);
    expect(device.closeCalls).toBe(0);
  });

  it('drops a chooser answer that comes after disconnect', async () => {
    const chooser = deferred();
    hid.pendingRequest = chooser.promise;
    const connecting = scale.connect();
    await scale.disconnect();
    chooser.resolve();
    await connecting;
    expect(scale.getState().status).toBe('disconnected');
    expect(device.openCalls).toBe(0);
  });

  it('closes a device whose open finished after disconnect', async () => {
    const opening = deferred();
    device.pendingOpen = opening.promise;
    const connecting = scale.connect();
    await vi.waitFor(() => expect(device.openCalls).toBe(1));
    await scale.disconnect();
    opening.resolve();
    await connecting;
    expect(scale.getState().status).toBe('disconnected');
    await vi.waitFor(() => expect(device.closeCalls).toBe(1));
    expect(device.opened).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('UsbScale restore', () => {
  it('reopens an already-permitted scale without the chooser', async () => {
    const scanner = new FakeHidDevice(1504, 4608, 'Barcode Scanner');
    hid.permitted = [scanner, device];
    await scale.restore();
    expect(hid.requests).toEqual([]);
    expect(scanner.openCalls).toBe(0);
    expect(scale.getState()).toEqual(connected);
    device.report(WEIGHT_12_34);
    vi.advanceTimersByTime(100);
    expect(scale.getState().ounces).toBe(12.34);
  });

  it('stays disconnected and quiet when no scale is permitted', async () => {
    hid.permitted = [new FakeHidDevice(1504, 4608, 'Barcode Scanner')];
    await scale.restore();
    expect(scale.getState().status).toBe('disconnected');
    expect(states).toEqual([]);
  });

  it('does nothing while connected', async () => {
    await scale.connect();
    await scale.restore();
    expect(hid.getDevicesCalls).toBe(0);
  });
});
