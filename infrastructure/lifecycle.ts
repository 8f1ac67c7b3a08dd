/**
 * Shutdown coordination. Long-lived responses (Server-Sent Events) never finish on their own,
 * so `server.close()` would wait for them forever: whatever holds one registers a hook here,
 * and the application's `close()` runs the hooks before it waits for the servers to drain.
 */
export class Lifecycle {
  private readonly hooks = new Set<() => void | Promise<void>>();
  private stopping = false;

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Runs `hook` when shutdown begins (at once if it has); answers the disposer that unregisters it. */
  onShutdown(hook: () => void | Promise<void>): () => void {
    if (this.stopping) {
      void Promise.resolve()
        .then(hook)
        .catch(() => {});
      return () => {};
    }
    this.hooks.add(hook);
    return () => {
      this.hooks.delete(hook);
    };
  }

  async shutdown(): Promise<void> {
    this.stopping = true;
    const hooks = [...this.hooks];
    this.hooks.clear();
    await Promise.allSettled(hooks.map(async (h) => h()));
  }
}
