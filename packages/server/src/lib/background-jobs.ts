/**
 * Work this process runs after answering a request (ingests). Its state lives in the
 * database; this only lets shutdown abort the work and wait for it to record how far it got.
 */
export class BackgroundJobs {
  private readonly running = new Map<
    string,
    { controller: AbortController; done: Promise<void> }
  >();

  run(
    id: string,
    work: (signal: AbortSignal) => Promise<void>,
    onError: (error: unknown) => void,
  ): void {
    const controller = new AbortController();
    const done = work(controller.signal)
      .catch(onError)
      .finally(() => this.running.delete(id));
    this.running.set(id, { controller, done });
  }

  /** Resolves when the job with this id is no longer running in this process. */
  async wait(id: string): Promise<void> {
    await this.running.get(id)?.done;
  }

  async closeAll(): Promise<void> {
    const all = [...this.running.values()];
    for (const job of all) job.controller.abort();
    await Promise.allSettled(all.map((j) => j.done));
  }
}
