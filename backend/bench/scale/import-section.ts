import { spawn } from 'node:child_process';
import path from 'node:path';
import { TARGETS } from './config';
import { peakRssOfChild } from './process-rss';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ImportFigure {
  seconds: number;
  sitesPerSecond: number;
  inserted: number;
  rejected: number;
  csvMb: number;
  peakRssMb: number;
  target: string;
  pass: boolean;
}

/**
 * Times `npm run sites:import FILE` (backend/src/cli/import-sites.ts, the
 * operator's import path: read, parse, validate, dedupe, batched upsert in
 * one transaction) against the product's database, from spawn to exit.
 */
export async function measureImport(opts: { csvFile: string; csvBytes: number; sites: number; databaseUrl: string; progress: (m: string) => void }): Promise<ImportFigure> {
  opts.progress(`importing ${opts.sites} sites with sites:import`);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/cli/import-sites.ts', opts.csvFile], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: opts.databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const rss = peakRssOfChild(child.pid ?? 0);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  const peakRssMb = rss.stop();
  if (code !== 0) throw new Error(`sites:import exited with ${code}: ${stderr.slice(-2000)}`);
  const figure = (label: string) => Number(new RegExp(`^${label}:\\s+(\\d+)`, 'm').exec(stdout)?.[1] ?? NaN);
  const inserted = figure('inserted');
  const rejected = figure('rejected');
  const rounded = Math.round(seconds * 10) / 10;
  opts.progress(`import: ${rounded} s, ${inserted} inserted, ${rejected} rejected, peak RSS ${peakRssMb} MB`);
  return {
    seconds: rounded,
    sitesPerSecond: Math.round(opts.sites / seconds),
    inserted,
    rejected,
    csvMb: Math.round(opts.csvBytes / 1_048_576),
    peakRssMb,
    target: `≤ ${TARGETS.importSeconds} s`,
    pass: seconds <= TARGETS.importSeconds && inserted === opts.sites && rejected === 0,
  };
}
