import { describe, expect, it } from 'vitest';
import type { ScannedTool } from '@mcp-census/schemas';
import { classifyToolPrivilege, detectOverPrivilegedTools } from '../../src/security/index';
import { objectSchema, summary, tool } from './helpers';

const detect = (t: ScannedTool) => summary(detectOverPrivilegedTools(9, [t]));
const classOf = (name: string, description?: string, inputSchema?: unknown) => {
  const p = classifyToolPrivilege({ name, description, inputSchema });
  return p ? `${p.privilegeClass}${p.destructive ? '!' : ''}` : null;
};

describe('classifyToolPrivilege', () => {
  it.each([
    ['run_shell_command', undefined, 'shell!'],
    ['runShellCommand', undefined, 'shell!'],
    ['bash', undefined, 'shell!'],
    ['execute_code', undefined, 'shell!'],
    ['run-python', undefined, 'shell!'],
    ['helper', 'Runs arbitrary shell commands on the host.', 'shell!'],
    ['do_it', 'Executes the given string in a terminal.', 'shell!'],
    ['write_file', undefined, 'file!'],
    ['deleteFile', undefined, 'file!'],
    ['rmdir', undefined, 'file!'],
    ['save_document', 'Overwrites existing files in the workspace.', 'file!'],
    ['create_directory', undefined, 'file'],
    ['execute_sql', undefined, 'database!'],
    ['postgres_drop_table', undefined, 'database!'],
    ['run_query', 'Execute a read-only SQL query against the warehouse.', 'database'],
    ['list_tables', 'Lists the tables of the SQLite database.', null],
    ['query_database', 'Run a SQL query. Supports INSERT, UPDATE and DELETE statements.', 'database!'],
    ['get_db_stats', undefined, 'database'],
    ['fetch', 'Fetches a URL from the internet.', 'network'],
    ['http_request', undefined, 'network'],
    ['download', 'Downloads a page', 'network', objectSchema({ url: { type: 'string' } })],
  ])('%s → %s', (name, description, expected, schema?: unknown) => {
    expect(classOf(name, description, schema)).toBe(expected);
  });

  it.each([
    ['shellfish_recipes', 'Recipes for shellfish.'],
    ['lookup_company', 'Finds shell company registrations in the registry.'],
    ['terminal_status', 'Airport terminal status.'],
    ['evaluate_code_quality', 'Scores a snippet.'],
    ['run_payment_process', 'Starts the payment process.'],
    ['read_file', 'Read the complete contents of a file.'],
    ['list_directory', 'Lists files and directories.'],
    ['dedupe_rows', 'Removes duplicates from files you upload.'],
    ['fetch_weather', 'Fetches the forecast for a city.'],
    ['request_refund', 'Requests a refund for an order.'],
    ['web_search', 'Searches the web.'],
    ['delete_entities', 'Delete entities from the knowledge graph.'],
  ])('%s → ordinary tool', (name, description) => {
    expect(classOf(name, description, objectSchema({ city: { type: 'string' } }))).toBeNull();
  });
});

describe('SAFE-T1104 / SAFE-T1302', () => {
  it('shell without annotations → T1104 high and T1302 critical', () => {
    const findings = detectOverPrivilegedTools(9, [tool('run_shell_command', { description: 'Runs a shell command.' })]);
    expect(summary(findings)).toEqual(['SAFE-T1104:high:tool:run_shell_command', 'SAFE-T1302:critical:tool:run_shell_command']);
    expect(findings[0]!.evidence).toBe('shell/code execution: name "run_shell_command"');
    expect(findings[1]!.evidence).toBe('shell/code execution not declared read-only or non-destructive (readOnlyHint unset, destructiveHint unset): name "run_shell_command"');
  });

  it('shell declared read-only → T1104 only', () => {
    expect(detect(tool('bash', { annotations: { readOnlyHint: true } }))).toEqual(['SAFE-T1104:high:tool:bash']);
  });

  it('destructive file tool with readOnlyHint false and destructiveHint true → T1104 medium + T1302 high', () => {
    expect(detect(tool('write_file', { annotations: { readOnlyHint: false, destructiveHint: true } }))).toEqual([
      'SAFE-T1104:medium:tool:write_file',
      'SAFE-T1302:high:tool:write_file',
    ]);
  });

  it('destructiveHint false keeps a file tool out of T1302', () => {
    expect(detect(tool('move_file', { annotations: { readOnlyHint: false, destructiveHint: false } }))).toEqual(['SAFE-T1104:medium:tool:move_file']);
  });

  it('non-destructive file writes → T1104 low, never T1302', () => {
    expect(detect(tool('create_directory'))).toEqual(['SAFE-T1104:low:tool:create_directory']);
  });

  it('destructive SQL → T1104 medium + T1302 high; read-only SQL → T1104 low', () => {
    expect(detect(tool('execute_sql', { description: 'Execute any SQL statement' }))).toEqual(['SAFE-T1104:medium:tool:execute_sql', 'SAFE-T1302:high:tool:execute_sql']);
    expect(detect(tool('run_query', { description: 'Execute a read-only SQL query' }))).toEqual(['SAFE-T1104:low:tool:run_query']);
  });

  it('network fetch → T1104 medium, never T1302', () => {
    expect(detect(tool('fetch', { description: 'Fetches a URL', inputSchema: objectSchema({ url: { type: 'string' } }) }))).toEqual(['SAFE-T1104:medium:tool:fetch']);
  });

  it('ordinary tools → nothing', () => {
    expect(detectOverPrivilegedTools(9, [tool('search', { description: 'Search the docs' }), tool('shellfish_recipes')])).toEqual([]);
  });
});
