/**
 * Imports websites from a CSV file (`name,url,category`, optionally also
 * `mcp_endpoint,source`) into Postgres.
 *
 *   DATABASE_URL=postgres://… node --import tsx backend/src/cli/import-sites.ts FILE.csv
 *
 * Upserts by normalised host in one transaction; sites absent from the file
 * are left alone. Exit codes: 0 the file was processed (even with rejected
 * rows), 1 unreadable file / bad header / database error / no DATABASE_URL,
 * 2 usage error.
 */
import path from 'node:path';
import pg from 'pg';
import { CatalogueFileError, readCatalogueStream } from '../catalogue/catalogue-file';
import { importCatalogue } from '../catalogue/import-catalogue';
import { formatReject } from '../catalogue/report';

const USAGE = `Usage: npm run sites:import -- FILE.csv
       node --import tsx backend/src/cli/import-sites.ts FILE.csv

Imports websites from a CSV file with the header "name,url,category" into the
database at DATABASE_URL. Sites are matched by host: new ones are inserted,
changed ones updated (and reactivated), others left as they are.

Optional columns "mcp_endpoint,source": a public MCP endpoint the platform
documents (https URL; probed first when the site is scanned) and the page that
documents it. An empty cell clears a stored endpoint; a file without the
columns leaves stored endpoints alone.`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes('-h') || argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const options = argv.filter((a) => a.startsWith('-') && a !== '-');
  const files = argv.filter((a) => !a.startsWith('-'));
  if (options.length > 0 || files.length !== 1) {
    console.error(options.length > 0 ? `Unknown option: ${options.join(' ')}` : files.length === 0 ? 'Missing FILE.csv.' : 'Expected exactly one file.');
    console.error(USAGE);
    return 2;
  }
  const file = path.resolve(files[0] as string);

  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (!databaseUrl) {
    console.error('DATABASE_URL is not set: set it to the Postgres database to import into, e.g. DATABASE_URL=postgres://user:pass@host:5432/mcp_census');
    return 1;
  }
  if (!/^postgres(?:ql)?:\/\//i.test(databaseUrl)) {
    console.error('DATABASE_URL must be a postgres:// or postgresql:// URL');
    return 1;
  }

  let parsed;
  try {
    // the header is checked here, before connecting; the rows are parsed while they are written
    parsed = await readCatalogueStream(file);
  } catch (err) {
    console.error(err instanceof CatalogueFileError ? `Cannot import ${file}: ${err.message}` : `Cannot import ${file}: ${(err as Error).message}`);
    return 1;
  }

  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'mcp-census-import-sites' });
  client.on('error', () => undefined); // reported through the failing query instead
  let result;
  try {
    await client.connect();
    result = await importCatalogue(client, parsed, { source: 'import' });
  } catch (err) {
    const message = (err as Error).message;
    const hint = /relation "websites" does not exist/.test(message) ? ' (the database is not initialised: start MCP Census once against it to apply migrations)' : '';
    console.error(`Database error: ${message}${hint}`);
    return 1;
  } finally {
    await client.end().catch(() => undefined);
  }

  const total = result.inserted + result.updated + result.unchanged + result.rejected.length;
  console.log(`Imported ${file} (${total} data row${total === 1 ? '' : 's'})`);
  console.log(`inserted:  ${result.inserted}`);
  console.log(`updated:   ${result.updated}`);
  console.log(`unchanged: ${result.unchanged}`);
  console.log(`rejected:  ${result.rejected.length}`);
  for (const r of result.rejected) console.log(`  ${formatReject(r)}`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
