// Runs scans one at a time in arrival order: a picker can scan faster than the server answers, and handling
// scan 2 before scan 1 has finished (e.g. a bin before its item) would put stock in the wrong place.

export interface ScanQueue<T = string> {
  /** Queues a scan; processing starts on a later microtask, never synchronously. */
  push(item: T): void;
  /** Resolves once every scan queued so far, and any queued while waiting, has been processed. */
  idle(): Promise<void>;
}

export interface ScanQueueOptions<T = string> {
  /** Told about a scan whose processing threw or rejected; the queue then carries on with the next scan. */
  onError?: (error: unknown, item: T) => void;
}

export function createScanQueue<T = string>(
  process: (item: T) => Promise<void> | void,
  options: ScanQueueOptions<T> = {},
): ScanQueue<T> {
  let tail: Promise<void> = Promise.resolve();

  const run = async (item: T): Promise<void> => {
    try {
      await process(item);
    } catch (error) {
      try {
        options.onError?.(error, item);
      } catch {
        // A failing error reporter must not stall the queue.
      }
    }
  };

  return {
    push(item) {
      tail = tail.then(() => run(item));
    },
    async idle() {
      let current: Promise<void>;
      do {
        current = tail;
        await current;
      } while (current !== tail);
    },
  };
}
