import { resolverForSimulatedWeb } from '@mcp-census/streams/simweb/host-resolver';
import type { ProberOptions } from '@mcp-census/streams';
import { readServicesFile, servicesFilePath } from './services-file';

/**
 * SCAN_SIMULATED_WEB=true (only valid with SCAN_ALLOW_PRIVATE=true): a role
 * process of `npm run demo:roles` resolves the simulated web's hosts like the
 * process that serves it, from the `{ port, sites, seed }` that process
 * published in `$DATA_DIR/services.json`. Only `*.simweb.test` names (a
 * reserved TLD) ever resolve this way, and only to 127.0.0.1.
 */
export async function joinSimulatedWeb(dataDir: string): Promise<NonNullable<ProberOptions['resolveHost']>> {
  const services = await readServicesFile(dataDir);
  if (!services?.simulatedWeb) {
    throw new Error(`SCAN_SIMULATED_WEB=true but ${servicesFilePath(dataDir)} names no simulated web; start \`npm run demo\` on this DATA_DIR first`);
  }
  return resolverForSimulatedWeb(services.simulatedWeb);
}
