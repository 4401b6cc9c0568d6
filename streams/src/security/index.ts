/**
 * SAFE-MCP detectors: pure functions from published MCP metadata to
 * findings. No I/O; the projector stores what they return.
 */
export { detectSiteFindings, dedupeFindings, MAX_FINDINGS_PER_SITE, type SiteDetectionInput } from './detect-site';
export { SEVERITY_RULES, maxSeverity, severityRank } from './severity';
export { evidenceAround, visibleText } from './evidence';
export {
  TOOL_POISONING,
  detectToolPoisoning,
  descriptionLengthOutlierFindings,
  descriptionPopulation,
  MIN_DESCRIPTION_POPULATION,
  type DescriptionPopulation,
} from './detectors/tool-poisoning';
export { INSTRUCTION_STEGANOGRAPHY, detectInstructionSteganography } from './detectors/instruction-steganography';
export { FULL_SCHEMA_POISONING, detectFullSchemaPoisoning } from './detectors/full-schema-poisoning';
export { TOOL_SHADOWING, detectToolShadowing, findShadowingPhrase } from './detectors/tool-shadowing';
export {
  CROSS_SERVER_SHADOWING,
  crossServerShadowingFindings,
  toolNameKey,
  MAX_SITES_IN_EVIDENCE,
  type ToolNameOccurrence,
} from './detectors/cross-server-shadowing';
export { RUG_PULL, detectRugPull, type PreviousDefinition, type DefinitionKind } from './detectors/rug-pull';
export { EXPOSED_ENDPOINT, detectExposedEndpoint } from './detectors/exposed-endpoint';
export { CORS_EXPOSURE, detectCorsExposure } from './detectors/cors-exposure';
export {
  OVER_PRIVILEGED_TOOL,
  HIGH_PRIVILEGE_TOOL,
  classifyToolPrivilege,
  detectOverPrivilegedTools,
  type PrivilegeClass,
  type ToolPrivilege,
} from './detectors/over-privileged-tools';
export { VERSION_DISCLOSURE, detectVersionDisclosure } from './detectors/version-disclosure';
export { hasNonLatinLookalike } from './confusables';
