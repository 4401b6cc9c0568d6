import { readFileSync } from 'node:fs';

const mb = (kb: number) => Math.round(kb / 1024);

/** Resident memory of a process in MB (Linux /proc), or undefined once it has exited. */
export function rssMbOf(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : mb(Number(kb));
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; stop() gives the peak in MB. */
export function peakRssOfChild(pid: number, everyMs = 100): { stop(): number } {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, rssMbOf(pid) ?? 0));
  const timer = setInterval(sample, everyMs);
  sample();
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** RSS samples of a process over time (ms since start, MB). */
export function sampleRss(pid: number, everyMs = 100): { samples: { atMs: number; mb: number }[]; stop(): { atMs: number; mb: number }[] } {
  const samples: { atMs: number; mb: number }[] = [];
  const t0 = performance.now();
  const sample = () => {
    const value = rssMbOf(pid);
    if (value !== undefined) samples.push({ atMs: Math.round(performance.now() - t0), mb: value });
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    samples,
    stop() {
      clearInterval(timer);
      sample();
      return samples;
    },
  };
}

/**
 * Growth of memory after warm-up, in percent: the level once warm (the mean of
 * the samples in the second tenth of the run) against the highest level later
 * (the largest mean over any later tenth, so a single GC spike does not count).
 */
export function growthAfterWarmupPct(samples: readonly { mb: number }[]): number {
  if (samples.length < 20) return 0;
  const tenth = Math.floor(samples.length / 10);
  const mean = (xs: readonly { mb: number }[]) => xs.reduce((a, s) => a + s.mb, 0) / Math.max(1, xs.length);
  const warm = mean(samples.slice(tenth, 2 * tenth));
  let later = warm;
  for (let k = 2; k < 10; k += 1) later = Math.max(later, mean(samples.slice(k * tenth, (k + 1) * tenth)));
  return warm > 0 ? Math.round(((later - warm) / warm) * 1000) / 10 : 0;
}

/** CPU seconds (user + system) a process has used so far (Linux /proc), or undefined once it has exited. */
export function cpuSecondsOf(pid: number): number | undefined {
  try {
    // fields after the command name (which may contain spaces) start at the state, field 3; utime and stime are 14 and 15
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}
