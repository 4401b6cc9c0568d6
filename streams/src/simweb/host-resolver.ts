import { generateSites, SIM_DOMAIN, type SimSite } from './sites';

/**
 * The simulated web's DNS: its existing `*.simweb.test` hosts (and the mcp.
 * subdomains in use) → 127.0.0.1, anything else → undefined (NXDOMAIN). Built
 * from the same deterministic generation as the server, so a process other
 * than the one serving the web (a scanner role of its own) resolves exactly
 * the same hosts from `{ sites, seed, port }` alone.
 */
export function simulatedHostResolver(sites: readonly SimSite[]): (hostname: string) => string[] | undefined {
  const hosts = new Set<string>();
  for (const s of sites) {
    hosts.add(s.host);
    if (s.profile === 'mcp-subdomain') hosts.add(`mcp.${s.host}`);
  }
  return (hostname) => {
    const h = hostname.toLowerCase().replace(/\.$/, '');
    return h.endsWith(`.${SIM_DOMAIN}`) && hosts.has(h) ? ['127.0.0.1'] : undefined;
  };
}

/** The resolver of a simulated web started with default profiles from `sites` and `seed` on `port`. */
export function resolverForSimulatedWeb(web: { sites: number; seed: number; port: number }): (hostname: string) => string[] | undefined {
  return simulatedHostResolver(generateSites(web));
}
