import type { ScanActivity } from '@mcp-census/schemas';
import type { Logger } from '@mcp-census/streams/platform/logger';

/** How often the API re-reads the scanner state while `/live` has sockets: a change reaches browsers within about this. */
export const SCAN_STATE_INTERVAL_MS = 1_000;

export interface ScanStateWatchOptions {
  read: () => Promise<ScanActivity>;
  /** Called with each state that differs from the last one reported (the first read always does). */
  onChange: (state: ScanActivity) => void;
  log: Logger;
  intervalMs?: number;
}

export interface ScanStateWatch {
  /** Reads now and then every interval, until stop(); starting twice is one watch. */
  start(): void;
  /** Stops reading; the last reported state is kept, so a restart reports only a real change. */
  stop(): void;
  /** Reads again at once (the state was just changed in this process); ignored while stopped. */
  poke(): void;
}

const same = (a: ScanActivity, b: ScanActivity) =>
  a.scanState === b.scanState && a.batchesInFlight === b.batchesInFlight && a.manualBatchesInFlight === b.manualBatchesInFlight && a.schedulerActive === b.schedulerActive;

/**
 * One reader of the scanner state per server, whatever the number of sockets:
 * never two reads at once, and a poke during a read reads once more after it
 * (that read may have started before the change).
 */
export function createScanStateWatch(opts: ScanStateWatchOptions): ScanStateWatch {
  const intervalMs = opts.intervalMs ?? SCAN_STATE_INTERVAL_MS;
  let running = false;
  let reading = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last: ScanActivity | undefined;
  let lastError = '';

  const schedule = () => {
    if (running && timer === undefined) timer = setTimeout(readNow, intervalMs);
  };

  function readNow(): void {
    clearTimeout(timer);
    timer = undefined;
    if (!running) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    again = false;
    opts
      .read()
      .then((state) => {
        lastError = '';
        if (!running || (last && same(last, state))) return;
        last = state;
        opts.onChange(state);
      })
      .catch((err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        // Logged once per distinct failure: an outage must not log every second.
        if (message !== lastError) opts.log.warn({ err }, 'reading or pushing the scanner state failed');
        lastError = message;
      })
      .finally(() => {
        reading = false;
        if (again) readNow();
        else schedule();
      });
  }

  return {
    start() {
      if (running) return;
      running = true;
      readNow();
    },
    stop() {
      running = false;
      again = false;
      clearTimeout(timer);
      timer = undefined;
    },
    poke() {
      if (running) readNow();
    },
  };
}
