import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export const SCALE_CATEGORIES = ['E-commerce', 'Development', 'AI', 'FinTech', 'Communication', 'Media', 'Education', 'Health'] as const;

/** Site `i` (1-based) of the generated catalogue: row order is id order after the import. */
export const scaleSiteUrl = (i: number): string => `https://platform${i}.scale-sites.com`;

/**
 * Writes a catalogue CSV of `sites` generated sites (`name,url,category`),
 * as an operator would hand to `npm run sites:import`, in chunks so that a
 * million rows never sit in memory as one string.
 */
export async function writeCatalogueCsv(file: string, sites: number): Promise<{ bytes: number }> {
  const out = createWriteStream(file);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('name,url,category\n');
  const CHUNK = 10_000;
  for (let start = 1; start <= sites; start += CHUNK) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(sites + 1, start + CHUNK); i += 1) {
      lines.push(`Platform ${i},${scaleSiteUrl(i)},${SCALE_CATEGORIES[i % SCALE_CATEGORIES.length]}\n`);
    }
    await write(lines.join(''));
  }
  out.end();
  await once(out, 'close');
  return { bytes };
}
