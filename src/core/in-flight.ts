// Counts the request work running against the database (auth lookups and route handlers). Fastify's
// close() resolves once no connection is open, but a handler whose client went away keeps running;
// closing the pool under it would fail its next query. Shutdown waits here before closing the database.
export class InFlight {
  private running = 0;
  private waiters: (() => void)[] = [];

  get count(): number {
    return this.running;
  }

  async track<T>(work: () => T | Promise<T>): Promise<T> {
    this.running++;
    try {
      return await work();
    } finally {
      if (--this.running === 0) this.waiters.splice(0).forEach((wake) => wake());
    }
  }

  /** Resolves when nothing is running (at once if nothing is). */
  idle(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}
