import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createProbeSignals } from '../../src/scanner-role/probe-signals';

describe('probe signals', () => {
  it('links any number of probes to a shared signal through one listener, and aborts them all with it', () => {
    const signals = createProbeSignals();
    const stopping = new AbortController();
    const probes = Array.from({ length: 100 }, () => signals.open(stopping.signal));
    // A listener per probe is what set off MaxListenersExceededWarning at 11.
    expect(getEventListeners(stopping.signal, 'abort')).toHaveLength(1);
    expect(signals.linked(stopping.signal)).toBe(100);

    probes[0]!.release();
    expect(signals.linked(stopping.signal)).toBe(99);

    const reason = new Error('stopping');
    stopping.abort(reason);
    expect(probes.slice(1).every((p) => p.signal.aborted && p.signal.reason === reason)).toBe(true);
    // A released probe is no longer tied to the consumer's lifetime.
    expect(probes[0]!.signal.aborted).toBe(false);
  });

  it('hands out an already aborted signal once the shared one has aborted', () => {
    const signals = createProbeSignals();
    const stopping = new AbortController();
    stopping.abort(new Error('gone'));
    const probe = signals.open(stopping.signal);
    expect(probe.signal.aborted).toBe(true);
    expect(getEventListeners(stopping.signal, 'abort')).toHaveLength(0);
  });
});
