/**
 * Gives each probe its own AbortSignal that aborts together with a signal
 * shared by many probes (the consumer's "stopping" signal). One listener on
 * the shared signal serves every probe in flight: a listener per probe would
 * pile `concurrency` listeners onto one AbortSignal (Node warns at 11:
 * MaxListenersExceededWarning) and keep them for the probe's lifetime.
 */
export interface ProbeSignals {
  /** A fresh signal linked to `shared`; call `release()` when the probe is done. */
  open(shared: AbortSignal): { signal: AbortSignal; release(): void };
  /** Probes currently linked to `shared` (tests). */
  linked(shared: AbortSignal): number;
}

export function createProbeSignals(): ProbeSignals {
  const byShared = new WeakMap<AbortSignal, Set<AbortController>>();
  return {
    open(shared) {
      const own = new AbortController();
      if (shared.aborted) {
        own.abort(shared.reason);
        return { signal: own.signal, release: () => undefined };
      }
      let set = byShared.get(shared);
      if (!set) {
        const probes = new Set<AbortController>();
        shared.addEventListener(
          'abort',
          () => {
            for (const p of probes) p.abort(shared.reason);
            probes.clear();
          },
          { once: true },
        );
        byShared.set(shared, probes);
        set = probes;
      }
      set.add(own);
      const probes = set;
      return { signal: own.signal, release: () => void probes.delete(own) };
    },
    linked: (shared) => byShared.get(shared)?.size ?? 0,
  };
}
