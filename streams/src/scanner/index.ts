// The scanner's public surface: the prober and the helpers other parts reuse.
export { createProber, DEFAULT_ABOUT_URL, type Prober, type ProberOptions, type WebsiteProbeOptions } from './prober';
export { categorize, canonicalJson, definitionHash } from './normalize';
export { nonPublicReason, isBlockedHostname } from './safe-dispatcher';
export type { ResolveHost } from './safe-dispatcher';
