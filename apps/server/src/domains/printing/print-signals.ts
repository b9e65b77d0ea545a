import { EventEmitter } from 'node:events';

/**
 * Wakes whoever waits for a print server's jobs: the built-in print server's worker and agents' long-polls.
 * In memory: one Backroom process owns the queue it serves.
 */
export class PrintSignals {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  notify(serverId: number): void {
    this.emitter.emit(`server:${serverId}`);
    this.emitter.emit('any');
  }

  /** Called on every notify, whichever server: the built-in print server's worker listens here. */
  onAny(listener: () => void): () => void {
    this.emitter.on('any', listener);
    return () => this.emitter.off('any', listener);
  }

  /** Resolves when jobs are queued for the server, or after `ms`, whichever comes first. */
  wait(serverId: number, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off(`server:${serverId}`, done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.emitter.once(`server:${serverId}`, done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
