/**
 * Work a request started and did not wait for (a CSV export's producer, which reads the
 * database after the handler returned; the start-up examples check). Shutdown waits for it
 * before the database closes. Work that runs later, or must survive a restart, runs on the job
 * engine instead (lib/job-engine.ts).
 */
export class PendingWork {
  private readonly running = new Map<string, Promise<void>>();
  private tracked = 0;

  /** Registers work started without being awaited (`label` names it in the shutdown log). */
  track(label: string, work: Promise<unknown>): void {
    this.tracked += 1;
    const id = `${label}#${this.tracked}`;
    const done = work.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(id, done);
    void done.finally(() => this.running.delete(id));
  }

  /** Labels of the work still running. */
  pending(): string[] {
    return [...this.running.keys()];
  }

  /**
   * Waits for all work, including work registered while waiting, until `deadline` resolves.
   * Returns what was still running then (empty when everything finished).
   */
  async settle(deadline: Promise<void> = new Promise<void>(() => undefined)): Promise<string[]> {
    let expired = false;
    void deadline.then(() => (expired = true));
    while (this.running.size > 0 && !expired) {
      await Promise.race([Promise.allSettled([...this.running.values()]), deadline]);
    }
    return this.pending();
  }
}
