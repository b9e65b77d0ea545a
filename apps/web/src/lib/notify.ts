import { type NotificationData, notifications, notificationsStore } from '@mantine/notifications';

/** The part of Mantine's notifications store the helper uses (a stand-in in unit tests). */
export interface NotificationStore {
  show(data: NotificationData): string;
  update(data: NotificationData & { id: string }): string | undefined;
  /** Whether a toast with this id is shown or queued. */
  has(id: string): boolean;
  hide(id: string): void;
}

/** How many toasts show at once (the Notifications container's limit). */
export const TOAST_LIMIT = 3;

const CLOSE_LABEL = 'Close notification';

/** A toast is an error when it is red: errors stay until dismissed and interrupt (role alert). */
function isError(data: NotificationData): boolean {
  return data.color === 'red';
}

/** The id a toast collapses under: its own id, else its colour, title and message when these are text. */
export function repeatKey(data: NotificationData): string | null {
  if (data.id) return data.id;
  if (typeof data.message !== 'string' || (data.title != null && typeof data.title !== 'string')) return null;
  return `toast:${data.color ?? ''}|${data.title ?? ''}|${data.message}`;
}

/** 'Order Item Created Successfully ×3': the count goes after the title when there is one, else the message. */
export function withCount(
  data: NotificationData,
  count: number,
): Pick<NotificationData, 'title' | 'message'> {
  if (count < 2) return { title: data.title, message: data.message };
  if (typeof data.title === 'string' && data.title)
    return { title: `${data.title} ×${count}`, message: data.message };
  return { title: data.title, message: `${String(data.message)} ×${count}` };
}

/**
 * One toast helper for the whole app: successes are announced politely (role status) and close by
 * themselves; errors are announced at once (role alert) and stay until dismissed; a toast repeated while
 * the first is still shown becomes one toast with a count, so fast scanning never stacks copies.
 */
export function createNotifier(store: NotificationStore, limit = TOAST_LIMIT, timeScale = () => 1) {
  const shown = new Map<string, { count: number; data: NotificationData }>();
  // The toasts shown, oldest first. Errors stay until dismissed, but never hold back what comes next (a queued
  // toast waits for a free place): past the limit the oldest goes.
  let open: string[] = [];
  const show = (data: NotificationData) => {
    open = open.filter((id) => store.has(id));
    while (open.length >= limit) store.hide(open.shift()!);
    const id = store.show(data);
    open.push(id);
    return id;
  };

  return function notify(input: NotificationData): string | undefined {
    const error = isError(input);
    const key = repeatKey(input);
    const base: NotificationData = {
      ...input,
      role: input.role ?? (error ? 'alert' : 'status'),
      autoClose:
        error || input.autoClose === false
          ? false
          : (typeof input.autoClose === 'number' ? input.autoClose : DEFAULT_AUTO_CLOSE) * timeScale(),
      closeButtonProps: { 'aria-label': CLOSE_LABEL, ...input.closeButtonProps },
    };
    if (!key) return show(base);

    const current = shown.get(key);
    if (current && store.has(key)) {
      current.count += 1;
      // A changed duration restarts Mantine's close timer, so a repeat keeps the toast up as long as a new one.
      const autoClose =
        typeof current.data.autoClose === 'number'
          ? current.data.autoClose + (current.count % 2)
          : current.data.autoClose;
      return store.update({ ...current.data, ...withCount(current.data, current.count), autoClose, id: key });
    }
    const data: NotificationData = {
      ...base,
      id: key,
      onClose: (closed) => {
        shown.delete(key);
        input.onClose?.(closed);
      },
    };
    shown.set(key, { count: 1, data });
    return show(data);
  };
}

/** The Notifications container's default, repeated here so a repeat can restart the timer. */
export const DEFAULT_AUTO_CLOSE = 3500;

/**
 * The browser suite sets this global to keep toasts up longer: on a loaded machine the test can be starved
 * for longer than a toast lasts. The texts and the limit are unchanged; only how long a success stays.
 */
const TIME_SCALE_GLOBAL = '__BACKROOM_TOAST_TIME_SCALE__';

export const notify = createNotifier(
  {
    show: notifications.show,
    update: notifications.update,
    hide: notifications.hide,
    has: (id) => {
      const state = notificationsStore.getState();
      return [...state.notifications, ...state.queue].some((n) => n.id === id);
    },
  },
  TOAST_LIMIT,
  () => Number((globalThis as Record<string, unknown>)[TIME_SCALE_GLOBAL] ?? 1) || 1,
);
