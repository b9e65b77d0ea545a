import type { Page } from '@playwright/test';

/**
 * A USB scale the page can use: `navigator.hid` answers one permitted device of a scale vendor (3768), so the
 * app's scale reconnects to it without a chooser; `weigh(page, ounces)` makes it send the spec's 6-byte
 * reading ((byte5 * 256 + byte4) / 100 ounces) as a HID input report. Call before the page loads.
 */
export async function installFakeScale(page: Page) {
  await page.addInitScript(() => {
    type Listener = (event: { reportId: number; data: DataView; device: unknown }) => void;
    const listeners = new Set<Listener>();
    const device = {
      vendorId: 3768,
      productId: 32771,
      productName: 'Test Bench Scale',
      opened: false,
      collections: [],
      async open() {
        device.opened = true;
      },
      async close() {
        device.opened = false;
      },
      addEventListener(type: string, listener: Listener) {
        if (type === 'inputreport') listeners.add(listener);
      },
      removeEventListener(_type: string, listener: Listener) {
        listeners.delete(listener);
      },
    };
    const hid = {
      getDevices: async () => [device],
      requestDevice: async () => [device],
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(Navigator.prototype, 'hid', { configurable: true, get: () => hid });
    (window as unknown as { __fakeScale: { weigh(ounces: number): void } }).__fakeScale = {
      weigh(ounces: number) {
        const hundredths = Math.round(ounces * 100);
        const bytes = new Uint8Array([3, 4, 11, 0, hundredths & 255, hundredths >> 8]);
        for (const listener of listeners) listener({ reportId: 0, data: new DataView(bytes.buffer), device });
      },
    };
  });
}

/** Puts `ounces` on the fake scale. */
export async function weigh(page: Page, ounces: number) {
  await page.evaluate(
    (value) => (window as unknown as { __fakeScale: { weigh(o: number): void } }).__fakeScale.weigh(value),
    ounces,
  );
}
