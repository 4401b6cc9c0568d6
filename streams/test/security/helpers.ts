import { createHash } from 'node:crypto';
import {
  emptyScanResult,
  type ScanResult,
  type ScannedPrompt,
  type ScannedResource,
  type ScannedTool,
  type SecurityFinding,
} from '@mcp-census/schemas';

/** A valid 64-hex sha256 of whatever defines the item. */
export function hashOf(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export function tool(name: string, fields: Partial<Omit<ScannedTool, 'name' | 'hash'>> = {}): ScannedTool {
  return { name, ...fields, hash: hashOf(name, fields.description ?? null, fields.inputSchema ?? null) };
}

export function resource(name: string, fields: Partial<Omit<ScannedResource, 'name' | 'hash'>> = {}): ScannedResource {
  const uri = fields.uri ?? `https://example.com/${encodeURIComponent(name)}`;
  return { name, uri, ...fields, hash: hashOf(name, fields.description ?? null, uri) };
}

export function prompt(name: string, fields: Partial<Omit<ScannedPrompt, 'name' | 'hash'>> = {}): ScannedPrompt {
  const args = fields.arguments ?? [];
  return { name, ...fields, arguments: args, hash: hashOf(name, fields.description ?? null, args) };
}

/** A site that speaks MCP without authentication. */
export function mcpSite(overrides: Partial<ScanResult> = {}): ScanResult {
  return emptyScanResult({
    hasMcp: true,
    mcpEndpoint: 'https://example.com/mcp',
    transport: 'streamable-http',
    protocolVersion: '2025-06-18',
    discoveredVia: 'common-path',
    ...overrides,
  });
}

/** `SAFE-T1001:high:tool:name` per finding, for compact exact assertions. */
export function summary(findings: readonly SecurityFinding[]): string[] {
  return findings.map((f) => `${f.techniqueId}:${f.severity}:${f.subjectKind}:${f.subjectName ?? ''}`);
}

export function ofTechnique(findings: readonly SecurityFinding[], techniqueId: string): SecurityFinding[] {
  return findings.filter((f) => f.techniqueId === techniqueId);
}

/** An object schema with the given properties (as zod-to-json-schema writes them). */
export function objectSchema(properties: Record<string, unknown>, required: string[] = []): Record<string, unknown> {
  return { type: 'object', properties, required, additionalProperties: false, $schema: 'http://json-schema.org/draft-07/schema#' };
}

/** "ignore" written with Unicode tag characters (invisible ASCII smuggling). */
export function tagEncode(ascii: string): string {
  return [...ascii].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
}
