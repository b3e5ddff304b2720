/**
 * Work this process runs besides answering requests: abortable jobs (ingests) and
 * fire-and-forget work (a CSV export's producer). Work that must survive a restart runs on the
 * job engine instead (lib/job-engine.ts). Shutdown aborts the jobs, waits
 * for everything here and only then closes the database.
 */
export class BackgroundJobs {
  private readonly running = new Map<
    string,
    { controller: AbortController | null; done: Promise<void> }
  >();
  private closing = false;
  private tracked = 0;

  run(
    id: string,
    work: (signal: AbortSignal) => Promise<void>,
    onError: (error: unknown) => void,
  ): void {
    const controller = new AbortController();
    // A job started while the process is stopping (by a request still being answered) is
    // aborted at once: it records that it was interrupted, and shutdown still waits for that.
    if (this.closing) controller.abort();
    const done = work(controller.signal)
      .catch(onError)
      .finally(() => this.running.delete(id));
    this.running.set(id, { controller, done });
  }

  /**
   * Registers work that was started without being awaited (`label` names it in the shutdown
   * log). It is not aborted; shutdown waits for it to settle.
   */
  track(label: string, work: Promise<unknown>): void {
    this.tracked += 1;
    const id = `${label}#${this.tracked}`;
    const done = work.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(id, { controller: null, done });
    void done.finally(() => this.running.delete(id));
  }

  /** Resolves when the job with this id is no longer running in this process. */
  async wait(id: string): Promise<void> {
    await this.running.get(id)?.done;
  }

  /** Ids and labels of the work still running. */
  pending(): string[] {
    return [...this.running.keys()];
  }

  /**
   * Aborts every job (and every job started from now on) and waits for all work, including
   * work registered while waiting, until `deadline` resolves. Returns what was still running
   * then (empty when everything finished).
   */
  async closeAll(deadline: Promise<void> = new Promise<void>(() => undefined)): Promise<string[]> {
    this.closing = true;
    let expired = false;
    void deadline.then(() => (expired = true));
    while (this.running.size > 0 && !expired) {
      const all = [...this.running.values()];
      for (const job of all) job.controller?.abort();
      await Promise.race([Promise.allSettled(all.map((j) => j.done)), deadline]);
    }
    return this.pending();
  }
}
