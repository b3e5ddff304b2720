import { QueryCancelledError } from "../db/cancellable";
import { AppError } from "./app-error";

export interface FairQueueOptions {
  /** Work items running at once. */
  concurrency: number;
  /** Waiting items of one key (one user) beyond which a new one is refused with 429. */
  maxWaitingPerKey: number;
  /** Waiting items in all beyond which a new one is refused with 429. */
  maxWaiting: number;
  /** Retry-After of that 429, in seconds. */
  retryAfterSeconds: number;
  /** The 429's message. */
  busyMessage: string;
}

interface Waiter {
  start: () => void;
  cancel: () => void;
}

/**
 * A cap on how many of one kind of expensive work run at once in this process, with a fair
 * queue in front: each key (a user) has its own FIFO, and a freed slot goes to the keys in
 * turn, so one user with many requests waiting cannot make another user's single request wait
 * behind all of them. A request is refused (429 `rate_limited` with Retry-After) only when its
 * key's queue or the whole queue is already long. A waiter whose signal aborts (the client
 * went away) leaves the queue without running.
 */
export class FairQueue {
  private running = 0;
  private waiting = 0;
  /** Keys with waiters, in the order they get the next slot (a Map keeps insertion order). */
  private readonly queues = new Map<string, Waiter[]>();

  constructor(private readonly options: FairQueueOptions) {}

  /** Runs `work` when a slot is free and it is this key's turn. */
  async run<T>(key: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new QueryCancelledError();
    if (this.running < this.options.concurrency && this.waiting === 0) {
      this.running += 1;
    } else {
      await this.enqueue(key, signal);
    }
    try {
      return await work();
    } finally {
      // The next waiter starts on a later turn of the event loop, not in this microtask chain:
      // on PGlite the queries run on this thread, and a chain of searches handing the slot on
      // within microtasks would keep every socket (a health check, other pages) waiting.
      setImmediate(() => {
        this.running -= 1;
        this.next();
      });
    }
  }

  /** Running and waiting counts (for tests and logs). */
  stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting };
  }

  private enqueue(key: string, signal: AbortSignal | undefined): Promise<void> {
    const queue = this.queues.get(key) ?? [];
    if (queue.length >= this.options.maxWaitingPerKey || this.waiting >= this.options.maxWaiting) {
      throw new AppError(
        "rate_limited",
        this.options.busyMessage,
        { retryAfterSeconds: this.options.retryAfterSeconds },
        this.options.retryAfterSeconds,
      );
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => waiter.cancel();
      const waiter: Waiter = {
        // The slot is handed over by next(): `running` already counts it.
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
        cancel: () => {
          const mine = this.queues.get(key);
          const at = mine?.indexOf(waiter) ?? -1;
          if (!mine || at < 0) return;
          mine.splice(at, 1);
          if (mine.length === 0) this.queues.delete(key);
          this.waiting -= 1;
          reject(new QueryCancelledError());
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      queue.push(waiter);
      if (queue.length === 1) this.queues.set(key, queue);
      this.waiting += 1;
    });
  }

  /** Hands free slots to the next keys in turn; a key served goes to the back of the line. */
  private next(): void {
    while (this.running < this.options.concurrency && this.waiting > 0) {
      const [key, queue] = this.queues.entries().next().value as [string, Waiter[]];
      const waiter = queue.shift()!;
      this.queues.delete(key);
      if (queue.length > 0) this.queues.set(key, queue);
      this.waiting -= 1;
      this.running += 1;
      waiter.start();
    }
  }
}
