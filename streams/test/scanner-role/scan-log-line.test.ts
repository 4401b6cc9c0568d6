import { describe, expect, it } from 'vitest';
import { scanLogFor } from '../../src/scanner-role/scan-log-line';
import { mcpResult } from '../projector-state/helpers';

describe('the operator log line of an MCP site', () => {
  it('says "1 tool, 1 resource, 1 prompt", not "1 prompts"', () => {
    const line = scanLogFor('https://one.example', mcpResult(1), new Date(0));
    expect(line.details).toContain('· 1 tool, 1 resource, 1 prompt ·');
  });

  it('uses the plural for any other count', () => {
    const line = scanLogFor('https://three.example', mcpResult(3, 'v1', { resources: [], prompts: [] }), new Date(0));
    expect(line.details).toContain('· 3 tools, 0 resources, 0 prompts ·');
  });
});
