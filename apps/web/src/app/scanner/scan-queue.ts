// Runs scans one at a time in arrival order: a picker can scan faster than the server answers, and handling
// scan 2 before scan 1 has finished (e.g. a bin before its item) would put stock in the wrong place.

export interface ScanQueue {
  /** Queues a scan; processing starts on a later microtask, never synchronously. */
  push(text: string): void;
  /** Resolves once every scan queued so far, and any queued while waiting, has been processed. */
  idle(): Promise<void>;
}

export interface ScanQueueOptions {
  /** Told about a scan whose processing threw or rejected; the queue then carries on with the next scan. */
  onError?: (error: unknown, text: string) => void;
}

export function createScanQueue(
  process: (text: string) => Promise<void> | void,
  options: ScanQueueOptions = {},
): ScanQueue {
  let tail: Promise<void> = Promise.resolve();

  const run = async (text: string): Promise<void> => {
    try {
      await process(text);
    } catch (error) {
      try {
        options.onError?.(error, text);
      } catch {
        // A failing error reporter must not stall the queue.
      }
    }
  };

  return {
    push(text) {
      tail = tail.then(() => run(text));
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
