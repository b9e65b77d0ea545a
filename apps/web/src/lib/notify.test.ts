import type { NotificationData } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { createNotifier, type NotificationStore } from './notify';

/** A stand-in for Mantine's store: what is shown, by id. */
function fakeStore() {
  const shown = new Map<string, NotificationData>();
  let next = 0;
  const store: NotificationStore = {
    show: (data) => {
      const id = data.id ?? `n${++next}`;
      if (!shown.has(id)) shown.set(id, { ...data, id });
      return id;
    },
    update: (data) => {
      if (shown.has(data.id)) shown.set(data.id, { ...shown.get(data.id), ...data });
      return data.id;
    },
    has: (id) => shown.has(id),
    hide: (id) => close(id),
  };
  const close = (id: string) => {
    const data = shown.get(id);
    shown.delete(id);
    data?.onClose?.(data);
  };
  return { store, shown, close };
}

describe('notify: one toast helper', () => {
  it('collapses a repeated message into one toast with a count', () => {
    const { store, shown } = fakeStore();
    const notify = createNotifier(store);
    for (let i = 0; i < 3; i++) notify({ color: 'green', message: 'Order Item Created Successfully' });
    expect(shown.size).toBe(1);
    expect([...shown.values()][0]!.message).toBe('Order Item Created Successfully ×3');
  });

  it('puts the count on the title when there is one, and keeps different messages apart', () => {
    const { store, shown } = fakeStore();
    const notify = createNotifier(store);
    notify({ color: 'red', title: 'Unknown Scan', message: 'abc' });
    notify({ color: 'red', title: 'Unknown Scan', message: 'abc' });
    notify({ color: 'red', title: 'Unknown Scan', message: 'xyz' });
    expect([...shown.values()].map((n) => [n.title, n.message])).toEqual([
      ['Unknown Scan ×2', 'abc'],
      ['Unknown Scan', 'xyz'],
    ]);
  });

  it('starts counting again once the toast has closed', () => {
    const { store, shown, close } = fakeStore();
    const notify = createNotifier(store);
    const id = notify({ color: 'green', message: 'Saved' })!;
    notify({ color: 'green', message: 'Saved' });
    close(id);
    notify({ color: 'green', message: 'Saved' });
    expect([...shown.values()].map((n) => n.message)).toEqual(['Saved']);
  });

  it('announces successes politely and errors at once; errors stay until dismissed', () => {
    const { store, shown } = fakeStore();
    const notify = createNotifier(store);
    notify({ color: 'green', message: 'Saved' });
    notify({ color: 'red', title: 'Error', message: 'Refused', autoClose: 6000 });
    const [ok, error] = [...shown.values()];
    expect(ok).toMatchObject({ role: 'status', autoClose: 3500 });
    expect(error).toMatchObject({ role: 'alert', autoClose: false });
    expect(ok!.closeButtonProps).toMatchObject({ 'aria-label': 'Close notification' });
  });

  it('restarts the close timer of a repeated success', () => {
    const { store, shown } = fakeStore();
    const notify = createNotifier(store);
    notify({ color: 'green', message: 'Saved', autoClose: 2500 });
    notify({ color: 'green', message: 'Saved', autoClose: 2500 });
    const first = [...shown.values()][0]!.autoClose;
    notify({ color: 'green', message: 'Saved', autoClose: 2500 });
    expect([...shown.values()][0]!.autoClose).not.toBe(first);
  });

  it('never lets errors that stay hold back a new toast: past the limit the oldest goes', () => {
    const { store, shown } = fakeStore();
    const notify = createNotifier(store, 3);
    for (const message of [
      'Scan a QPGU first',
      'Not a Quarantine Bin',
      'Scan a Destination first',
      'Not a PGU',
    ])
      notify({ color: 'red', message });
    expect([...shown.values()].map((n) => n.message)).toEqual([
      'Not a Quarantine Bin',
      'Scan a Destination first',
      'Not a PGU',
    ]);
    notify({ message: 'PED-1 reconditioned into MAIN-01. Place unit in Division.' });
    expect([...shown.values()].map((n) => n.message)).toEqual([
      'Scan a Destination first',
      'Not a PGU',
      'PED-1 reconditioned into MAIN-01. Place unit in Division.',
    ]);
  });

  it('stretches how long a success stays by the time scale, never an error or a toast told to stay', () => {
    const { store, shown } = fakeStore();
    const notify = createNotifier(store, 3, () => 10);
    notify({ color: 'green', message: 'Saved' });
    notify({ color: 'green', message: 'Printed', autoClose: 2500 });
    notify({ color: 'green', message: 'Kept', autoClose: false });
    expect([...shown.values()].map((n) => n.autoClose)).toEqual([35_000, 25_000, false]);
    notify({ color: 'red', message: 'Refused' });
    expect([...shown.values()].at(-1)!.autoClose).toBe(false);
  });
});
