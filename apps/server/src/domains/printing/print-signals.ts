import { EventEmitter } from 'node:events';
import { type ClusterEvents, inProcessEvents, type Publish } from '../../db/cluster-events';

/**
 * Wakes whoever waits for a print server's jobs: the built-in print server's worker and agents' long-polls.
 * New jobs, retried ones and ones an agent's retryable failure put back in the queue all wake it. Jobs queued
 * through one server process wake waiters in every process (a cluster event), so an agent
 * long-polling one process gets a job queued through another at once.
 */
export class PrintSignals {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly shutdown = new AbortController();

  constructor(private readonly events: ClusterEvents = inProcessEvents()) {
    events.subscribe('print', (payload) => {
      this.emitter.emit(`server:${payload}`);
      this.emitter.emit('any');
    });
    // Wake-ups may have been missed: every waiter looks again.
    events.onResync(() => {
      this.emitter.emit('all');
      this.emitter.emit('any');
    });
  }

  /**
   * Jobs were queued (or requeued) for the server. Pass the `publish` of `events.transaction` to send the wake-up with the
   * transaction that queued them; without it, call this after the commit.
   */
  notify(serverId: number, publish?: Publish): void {
    if (publish) publish('print', String(serverId));
    else this.events.publish('print', String(serverId));
  }

  /**
   * This process is shutting down: every wait ends now and later ones at once, so agents' open long-polls
   * are answered instead of holding the exit for up to their whole wait (the agent reconnects to the next
   * process). The app calls this before it stops listening.
   */
  close(): void {
    this.shutdown.abort();
  }

  /** Aborted once `close()` was called. */
  get closing(): AbortSignal {
    return this.shutdown.signal;
  }

  /** Called on every notify, whichever server: the built-in print server's worker listens here. */
  onAny(listener: () => void): () => void {
    this.emitter.on('any', listener);
    return () => this.emitter.off('any', listener);
  }

  /**
   * Resolves when jobs are queued (or requeued) for the server, or after `ms`, or on `signal`, or when this
   * process shuts down, whichever comes first. It
   * listens from the moment it is called: call it before looking for jobs, so a job queued in between is
   * not missed.
   */
  wait(serverId: number, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const stop = signal ? AbortSignal.any([signal, this.closing]) : this.closing;
      const done = () => {
        clearTimeout(timer);
        this.emitter.off(`server:${serverId}`, done);
        this.emitter.off('all', done);
        stop.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.emitter.once(`server:${serverId}`, done);
      this.emitter.once('all', done);
      if (stop.aborted) done();
      else stop.addEventListener('abort', done, { once: true });
    });
  }
}
