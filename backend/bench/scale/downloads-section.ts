import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { asyncBufferFromFile, parquetMetadataAsync } from 'hyparquet';
import { TARGETS } from './config';
import { growthAfterWarmupPct, sampleRss } from './process-rss';

export interface DownloadFigure {
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  /** The product process's RSS while it streamed this file (sampled every 100 ms). */
  productRss: { startMb: number; peakMb: number; growthAfterWarmupPct: number };
  target: string;
  pass: boolean;
}

const FILES = ['sites.csv', 'sites.parquet', 'capabilities.csv', 'capabilities.parquet'] as const;

/** Data rows of a CSV file: its line breaks outside quotes, less the header. */
function csvRowCounter(): { transform: Transform; rows: () => number } {
  let breaks = 0;
  let quoted = false;
  const transform = new Transform({
    transform(chunk: Buffer, _enc, done) {
      for (let i = 0; i < chunk.length; i += 1) {
        const c = chunk[i];
        if (c === 0x22) quoted = !quoted;
        else if (c === 0x0a && !quoted) breaks += 1;
      }
      done(null, chunk);
    },
  });
  return { transform, rows: () => Math.max(0, breaks - 1) };
}

/**
 * Downloads one open-data file from the running product to disk, counting
 * bytes (and CSV rows on the way; Parquet rows from the file's footer), while
 * the product's RSS is sampled. "Flat" = growth ≤ 25% after warm-up and peak
 * ≤ 512 MB, as backend/bench/open-data.ts judges the encoders in-process.
 */
async function download(origin: string, file: string, pid: number, dir: string, expectRows: number | undefined): Promise<DownloadFigure> {
  const target = path.join(dir, file);
  const rss = sampleRss(pid);
  const started = performance.now();
  const res = await fetch(`${origin}/api/data/${file}`);
  if (res.status !== 200 || !res.body) throw new Error(`GET /api/data/${file}: HTTP ${res.status}`);
  let bytes = 0;
  const counter = csvRowCounter();
  const countBytes = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const isCsv = file.endsWith('.csv');
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>), countBytes, ...(isCsv ? [counter.transform] : []), createWriteStream(target));
  const seconds = (performance.now() - started) / 1000;
  const samples = rss.stop();
  const rows = isCsv ? counter.rows() : Number((await parquetMetadataAsync(await asyncBufferFromFile(target))).num_rows);
  await rm(target, { force: true });
  const peakMb = Math.max(...samples.map((s) => s.mb));
  const growth = growthAfterWarmupPct(samples);
  return {
    rows,
    bytes,
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: Math.round(rows / seconds),
    productRss: { startMb: samples[0]?.mb ?? 0, peakMb, growthAfterWarmupPct: growth },
    target: `flat memory: RSS growth ≤ ${TARGETS.downloadRssGrowthPct}% after warm-up, peak ≤ ${TARGETS.downloadPeakRssMb} MB`,
    pass: growth <= TARGETS.downloadRssGrowthPct && peakMb <= TARGETS.downloadPeakRssMb && (expectRows === undefined || rows === expectRows),
  };
}

/**
 * The census's open-data downloads, one after another, from the running product.
 * "After warm-up" is about the process, not only the file: the first large
 * download after start-up grows the heap to its working size (JIT, V8 young
 * generation, pg buffers), so one sites.csv download runs unmeasured first.
 * Growth that remains in the measured downloads is the streaming's own.
 */
export async function measureDownloads(opts: { origin: string; pid: number; dir: string; sites: number; progress: (m: string) => void }): Promise<Record<string, DownloadFigure>> {
  opts.progress('warm-up: one unmeasured /api/data/sites.csv download');
  await download(opts.origin, 'sites.csv', opts.pid, opts.dir, undefined);
  const out: Record<string, DownloadFigure> = {};
  for (const file of FILES) {
    opts.progress(`downloading /api/data/${file}`);
    const figure = await download(opts.origin, file, opts.pid, opts.dir, file.startsWith('sites.') ? opts.sites : undefined);
    opts.progress(`${file}: ${JSON.stringify(figure)}`);
    out[file] = figure;
  }
  return out;
}
