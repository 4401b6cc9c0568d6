import type { ScanActivity } from '@mcp-census/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/support/wait-for';
import { createScanStateWatch, type ScanStateWatch } from '../../src/realtime/scan-state-watch';
import { captureLog } from '../auth/helpers';

const state = (scanState: ScanActivity['scanState'], batchesInFlight = 0): ScanActivity => ({ scanState, batchesInFlight, manualBatchesInFlight: 0, schedulerActive: true });

/** A read the test answers by hand, so it can change the state while a read is under way. */
function heldReads() {
  const pending: ((s: ScanActivity) => void)[] = [];
  return {
    read: () => new Promise<ScanActivity>((resolve) => pending.push(resolve)),
    pending,
    answer: (s: ScanActivity) => pending.shift()?.(s),
  };
}

let watch: ScanStateWatch | undefined;
afterEach(() => watch?.stop());

describe('the scanner-state watch', () => {
  it('reads again right after a read that a poke interrupted, and reports only changes', async () => {
    const reads = heldReads();
    const reported: ScanActivity[] = [];
    // A long interval: every read below comes from start() or poke().
    watch = createScanStateWatch({ read: reads.read, onChange: (s) => reported.push(s), log: captureLog().log, intervalMs: 60_000 });
    watch.start();
    expect(reads.pending).toHaveLength(1);
    watch.poke(); // the state changed while the first read was under way
    expect(reads.pending).toHaveLength(1);
    reads.answer(state('running'));
    await waitFor('the read after the poke', () => reads.pending.length, (n) => n === 1, { timeoutMs: 1_000, intervalMs: 5 });
    reads.answer(state('paused'));
    await waitFor('both states reported', () => reported.length, (n) => n === 2, { timeoutMs: 1_000, intervalMs: 5 });
    watch.poke();
    reads.answer(state('paused'));
    await waitFor('the third read done', () => reads.pending.length, (n) => n === 0, { timeoutMs: 1_000, intervalMs: 5 });
    expect(reported.map((s) => s.scanState)).toEqual(['running', 'paused']);
  });

  it('stops reading when stopped, ignores pokes then, and after a restart reports only a real change', async () => {
    const reads = heldReads();
    const reported: ScanActivity[] = [];
    watch = createScanStateWatch({ read: reads.read, onChange: (s) => reported.push(s), log: captureLog().log, intervalMs: 60_000 });
    watch.start();
    reads.answer(state('running'));
    await waitFor('the first report', () => reported.length, (n) => n === 1, { timeoutMs: 1_000, intervalMs: 5 });
    watch.stop();
    watch.poke();
    expect(reads.pending).toHaveLength(0);
    watch.start();
    reads.answer(state('running'));
    watch.poke();
    await waitFor('the read after the restart', () => reads.pending.length, (n) => n === 1, { timeoutMs: 1_000, intervalMs: 5 });
    reads.answer(state('scanning', 1));
    await waitFor('the change reported', () => reported.length, (n) => n === 2, { timeoutMs: 1_000, intervalMs: 5 });
    expect(reported.map((s) => s.scanState)).toEqual(['running', 'scanning']);
  });

  it('logs a failing read once and keeps reading', async () => {
    const captured = captureLog();
    let calls = 0;
    const reported: ScanActivity[] = [];
    watch = createScanStateWatch({
      read: () => (++calls <= 3 ? Promise.reject(new Error('database unavailable')) : Promise.resolve(state('idle'))),
      onChange: (s) => reported.push(s),
      log: captured.log,
      intervalMs: 10,
    });
    watch.start();
    await waitFor('a state after the outage', () => reported.length, (n) => n === 1, { timeoutMs: 2_000, intervalMs: 5 });
    expect(captured.messages('warn').filter((m) => m.includes('scanner state'))).toHaveLength(1);
  });
});
