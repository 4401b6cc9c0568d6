/**
 * UI budget (prints JSON; progress on stderr):
 *  - initial JavaScript of `/` (the entry script and the chunks index.html
 *    preloads), gzipped: target ≤ 200 KB;
 *  - bytes the server actually sends for that first load (index.html, its
 *    scripts and stylesheets) to a client that accepts brotli: target ≤ 170 KB;
 *  - with 10,000 sites projected, time from navigation to `/` until the
 *    Highlights show the platform count (Debian's Chromium, loopback):
 *    target ≤ 500 ms (median of 5 cold page loads; p-max reported).
 * Run: npm run bench:ui
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { get } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectOneScanPerSite, startProductProcess } from '../../backend/bench/fixtures/product-process';
import { launchBrowser } from '../test/e2e/browser';

const SITES = 10_000;
const LOADS = 5;
const INITIAL_JS_TARGET_KB = 200;
const TRANSFERRED_TARGET_KB = 170;
const METRICS_VISIBLE_TARGET_MS = 500;
const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'frontend/dist');
const progress = (m: string): void => void process.stderr.write(`${m}\n`);

execFileSync(process.execPath, [path.join(ROOT, 'scripts/ensure-frontend-build.mjs')], { cwd: ROOT, stdio: 'inherit' });
const html = await readFile(path.join(DIST, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map((m) => m[1] ?? '');
let initialGzipBytes = 0;
for (const file of new Set(initial)) initialGzipBytes += gzipSync(await readFile(path.join(DIST, file))).length;
progress(`initial JS: ${[...new Set(initial)].join(', ')} = ${(initialGzipBytes / 1024).toFixed(1)} KB gzipped`);
const stylesheets = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/?([^"]+\.css)"/g)].map((m) => m[1] ?? '');

/** Body bytes as they cross the wire (node:http never decodes), and the encoding the server chose. */
function transferred(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => (res.statusCode === 200 ? resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }) : reject(new Error(`${url}: HTTP ${res.statusCode}`))));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const product = await startProductProcess(SITES, progress);
const browser = await launchBrowser();
try {
  let transferredBytes = 0;
  for (const file of ['', ...new Set([...initial, ...stylesheets])]) {
    const { bytes, encoding } = await transferred(`${product.origin}/${file}`);
    progress(`transferred /${file}: ${bytes} B (${encoding})`);
    transferredBytes += bytes;
  }
  await projectOneScanPerSite(product, SITES, progress);
  const times: number[] = [];
  for (let i = 0; i < LOADS; i += 1) {
    const context = await browser.newContext(); // cold: no cache, no service worker
    const page = await context.newPage();
    const t0 = Date.now();
    await page.goto(product.origin, { waitUntil: 'commit' });
    await page.waitForFunction((n) => document.querySelector('[data-testid="metric-platforms-monitored"]')?.textContent?.includes(n), '10', { timeout: 15_000 });
    times.push(Date.now() - t0);
    await context.close();
  }
  times.sort((a, b) => a - b);
  const out = {
    initialJsGzipKb: Math.round((initialGzipBytes / 1024) * 10) / 10,
    initialJsGzipTargetKb: INITIAL_JS_TARGET_KB,
    initialJsFiles: [...new Set(initial)],
    initialTransferredKb: Math.round((transferredBytes / 1024) * 10) / 10,
    initialTransferredTargetKb: TRANSFERRED_TARGET_KB,
    metricsVisibleTargetMs: METRICS_VISIBLE_TARGET_MS,
    metricsVisibleMs: { median: times[Math.floor(times.length / 2)] ?? 0, max: times.at(-1) ?? 0, runs: times },
    pass: initialGzipBytes <= INITIAL_JS_TARGET_KB * 1024 && transferredBytes <= TRANSFERRED_TARGET_KB * 1024 && (times[Math.floor(times.length / 2)] ?? Infinity) <= METRICS_VISIBLE_TARGET_MS,
  };
  console.log(JSON.stringify(out, null, 2));
  process.exitCode = out.pass ? 0 : 1;
} finally {
  await browser.close();
  await product.stop();
}
