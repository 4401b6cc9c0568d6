import type { ScannedTool, SecurityFinding, Severity } from '@mcp-census/schemas';
import { evidenceAround, visibleText } from '../evidence';
import { makeFinding } from '../metadata';
import { SEVERITY_RULES, severityRank } from '../severity';
import { capText } from '../text-signals';

/**
 * SAFE-T1104 Over-Privileged Tool and SAFE-T1302 High-Privilege Tool.
 *
 * Classification, from the tool name's words (snake_case, kebab-case and
 * camelCase are split, so `shellfish_recipes` is "shellfish recipes", not
 * "shell") and a few specific description phrases (so "shell company" in
 * prose does not count):
 * - shell: shell/bash/powershell/subprocess/sudo/repl in the name, or
 *   run/exec/execute + command/code/script/python/...; "shell command(s)",
 *   "arbitrary code/commands", "in a shell/terminal" in the description.
 * - file: a file/directory/path word plus a write verb in the name, or
 *   "write/overwrite/delete ... file(s)/directory" in the description;
 *   destructive when the verb overwrites, edits, moves or deletes.
 * - database: a database word (sql, postgres, mongodb, redis, database, db,
 *   ...) in the name, or "execute SQL"/"SQL query" in the description;
 *   destructive when the name has a write verb (insert, update, delete,
 *   drop, ...), or has execute/run or a description allowing writes or
 *   arbitrary SQL without saying read-only.
 * - network: a fetch/http/request/download/scrape/crawl/browse/proxy word in
 *   the name AND a URL parameter (url/uri/href/endpoint/link) or a URL word in
 *   the name or description ("any URL", "HTTP request", "from the internet").
 * A tool honestly named `run_shell_command` is over-privileged; that is not
 * tool poisoning (SAFE-T1001 looks at hidden instructions, not capability).
 *
 * Severity: T1104 shell high; destructive file/database and network medium;
 * other file writes and read-only database low. T1302 when the tool is not
 * declared read-only (readOnlyHint false or absent) and not declared
 * non-destructive (destructiveHint true or absent): shell critical,
 * destructive file/database high.
 */
export const OVER_PRIVILEGED_TOOL = 'SAFE-T1104';
export const HIGH_PRIVILEGE_TOOL = 'SAFE-T1302';

export type PrivilegeClass = 'shell' | 'file' | 'database' | 'network';

export interface ToolPrivilege {
  privilegeClass: PrivilegeClass;
  destructive: boolean;
  /** Plain-text reason for the evidence. */
  reason: string;
}

const CLASS_LABEL: Record<PrivilegeClass, string> = {
  shell: 'shell/code execution',
  file: 'file-system write',
  database: 'database access',
  network: 'network fetch',
};

const SHELL_WORDS = new Set(['shell', 'bash', 'zsh', 'powershell', 'pwsh', 'subprocess', 'sudo', 'repl']);
const EXEC_VERBS = new Set(['run', 'exec', 'execute', 'spawn']);
const EXEC_OBJECTS = new Set(['command', 'commands', 'cmd', 'code', 'script', 'scripts', 'python', 'javascript', 'js', 'ruby', 'perl', 'php', 'terminal']);
const FILE_OBJECTS = new Set(['file', 'files', 'dir', 'directory', 'directories', 'folder', 'folders', 'path', 'paths', 'fs', 'filesystem', 'disk']);
const FILE_DESTRUCTIVE_VERBS = new Set(['write', 'overwrite', 'save', 'delete', 'remove', 'rm', 'unlink', 'rmdir', 'truncate', 'move', 'mv', 'rename', 'edit', 'modify', 'patch', 'replace', 'chmod', 'chown', 'erase', 'wipe', 'purge']);
const FILE_WRITE_VERBS = new Set(['create', 'mkdir', 'append', 'upload', 'put', 'copy', 'cp', 'touch']);
const DB_WORDS = new Set(['sql', 'mysql', 'postgres', 'postgresql', 'psql', 'sqlite', 'mssql', 'mariadb', 'mongo', 'mongodb', 'redis', 'database', 'databases', 'db', 'cypher', 'neo4j', 'bigquery', 'snowflake', 'dynamodb', 'cassandra', 'clickhouse']);
/** `execute`/`run` may be read-only queries; the others always write. */
const DB_RUN_VERBS = new Set(['execute', 'exec', 'run']);
const DB_WRITE_VERBS = new Set(['write', 'insert', 'update', 'delete', 'drop', 'truncate', 'alter', 'create', 'modify', 'upsert', 'remove', 'migrate']);
const NET_WORDS = new Set(['fetch', 'http', 'https', 'curl', 'wget', 'request', 'download', 'scrape', 'scraper', 'crawl', 'crawler', 'browse', 'browser', 'proxy', 'webhook']);
const URL_NAME_WORDS = new Set(['url', 'urls', 'uri', 'http', 'https', 'curl', 'wget', 'webhook', 'proxy']);
const URL_PARAMS = new Set(['url', 'urls', 'uri', 'href', 'endpoint', 'link', 'links', 'webhook', 'webhookurl', 'targeturl', 'pageurl']);

const SHELL_PHRASE = /\b(?:(?:shell|bash|zsh|powershell|terminal|system|os)\s{1,3}commands?|arbitrary\s{1,3}(?:code|commands?|shell|scripts?)|in\s{1,3}(?:a|the)\s{1,3}(?:shell|terminal)|subprocess)\b/i;
const FILE_WRITE_PHRASE = /\b(?:write|writes|overwrite|overwrites|delete|deletes|remove|removes|erase|erases)\s{1,3}(?:(?:an?|the|any|existing|new)\s{1,3}){0,2}(?:files?|director(?:y|ies)|folders?)\b/i;
const DB_PHRASE = /\b(?:(?:execute|executes|run|runs)\s{1,3}(?:(?:an?|any|the|arbitrary|raw|given)\s{1,3}){0,2}(?:sql|cypher)|(?:sql|cypher)\s{1,3}(?:query|queries|statements?|commands?))\b/i;
const DB_WRITE_PHRASE = /\b(?:arbitrary\s{1,3}sql|any\s{1,3}sql|(?:insert|update|delete|drop|alter|truncate)\s{0,3}(?:,|\/|or|and)\s{0,3}(?:insert|update|delete|drop|alter|truncate)|(?:write|insert|update|delete|drop)\s{1,3}(?:data|rows?|records?|tables?))\b/i;
const READ_ONLY_PHRASE = /\bread[\s-]?only\b|\bselect\s{1,3}(?:queries|statements)\s{1,3}only\b|\bonly\s{1,3}select\b/i;
const URL_PHRASE = /\b(?:any|arbitrary|a|the\s{1,3}given)\s{1,3}urls?\b|\bhttps?\s{1,3}requests?\b|\bfrom\s{1,3}the\s{1,3}(?:internet|web)\b/i;

const NON_ASCII = /[\u0080-\uFFFF]/;
const UPPER = /[A-Z]/;
const CAMEL_LOWER_UPPER = /([a-z0-9])([A-Z])/g;
const CAMEL_ACRONYM = /([A-Z]+)([A-Z][a-z])/g;
const NOT_WORD = /[^a-z0-9]+/;

/** Words of an identifier: `runShellCommand`, `run-shell_command` → run, shell, command. */
export function nameWords(name: string): string[] {
  // ASCII is unchanged by NFKC, and without capitals the camelCase splits and lower-casing change nothing.
  const ascii = !NON_ASCII.test(name);
  let words = ascii ? name : name.normalize('NFKC');
  if (!ascii || UPPER.test(words)) words = words.replace(CAMEL_LOWER_UPPER, '$1 $2').replace(CAMEL_ACRONYM, '$1 $2').toLowerCase();
  return words.split(NOT_WORD).filter(Boolean);
}

function schemaPropertyNames(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const props = (schema as Record<string, unknown>).properties;
  if (typeof props !== 'object' || props === null || Array.isArray(props)) return [];
  return Object.keys(props).slice(0, 200);
}

function anyIn(words: readonly string[], set: ReadonlySet<string>): string | undefined {
  for (const w of words) if (set.has(w)) return w;
  return undefined;
}

const KEY_SEPARATORS = /[_-]/g;

/** `name "…"` for a tool classified by its name. */
function quoted(name: string): string {
  return `name "${visibleText(name, 80)}"`;
}

function phraseReason(label: string, text: string, re: RegExp): string | null {
  const m = re.exec(text);
  return m ? evidenceAround(`${label} in description`, text, m.index, 160) : null;
}

/** The tool's most severe privilege class, or null for an ordinary tool. */
export function classifyToolPrivilege(tool: Pick<ScannedTool, 'name' | 'description' | 'inputSchema'>): ToolPrivilege | null {
  return classifyPrivilegeByWords(tool, nameWords(tool.name));
}

/** classifyToolPrivilege with the name's words already split (a site run shares them with the capability rules). */
export function classifyPrivilegeByWords(tool: Pick<ScannedTool, 'name' | 'description' | 'inputSchema'>, words: readonly string[]): ToolPrivilege | null {
  const description = capText(tool.description ?? '');

  const shellWord = anyIn(words, SHELL_WORDS);
  if (shellWord || (anyIn(words, EXEC_VERBS) && anyIn(words, EXEC_OBJECTS))) {
    return { privilegeClass: 'shell', destructive: true, reason: quoted(tool.name) };
  }
  const shellPhrase = phraseReason(CLASS_LABEL.shell, description, SHELL_PHRASE);
  if (shellPhrase) return { privilegeClass: 'shell', destructive: true, reason: shellPhrase };

  const candidates: ToolPrivilege[] = [];
  if (anyIn(words, FILE_OBJECTS) || words.includes('mkdir') || words.includes('rmdir')) {
    if (anyIn(words, FILE_DESTRUCTIVE_VERBS)) candidates.push({ privilegeClass: 'file', destructive: true, reason: quoted(tool.name) });
    else if (anyIn(words, FILE_WRITE_VERBS)) candidates.push({ privilegeClass: 'file', destructive: false, reason: quoted(tool.name) });
  }
  const filePhrase = phraseReason(CLASS_LABEL.file, description, FILE_WRITE_PHRASE);
  if (filePhrase) candidates.push({ privilegeClass: 'file', destructive: true, reason: filePhrase });

  const dbWord = anyIn(words, DB_WORDS) !== undefined;
  const dbPhrase = phraseReason(CLASS_LABEL.database, description, DB_PHRASE);
  if (dbWord || dbPhrase) {
    const readOnly = READ_ONLY_PHRASE.test(description);
    const destructive =
      anyIn(words, DB_WRITE_VERBS) !== undefined || (!readOnly && (anyIn(words, DB_RUN_VERBS) !== undefined || DB_WRITE_PHRASE.test(description)));
    candidates.push({ privilegeClass: 'database', destructive, reason: dbWord ? quoted(tool.name) : dbPhrase! });
  }

  if (anyIn(words, NET_WORDS)) {
    const urlParam = schemaPropertyNames(tool.inputSchema).find((p) => URL_PARAMS.has(p.toLowerCase().replace(KEY_SEPARATORS, '')));
    if (urlParam || anyIn(words, URL_NAME_WORDS) || URL_PHRASE.test(description)) {
      candidates.push({ privilegeClass: 'network', destructive: false, reason: urlParam ? `${quoted(tool.name)}, parameter "${visibleText(urlParam, 40)}"` : quoted(tool.name) });
    }
  }

  let best: ToolPrivilege | null = null;
  for (const c of candidates) if (!best || severityRank(overPrivilegeSeverity(c)) > severityRank(overPrivilegeSeverity(best))) best = c;
  return best;
}

/** SAFE-T1104 severity of a classified tool. */
export function overPrivilegeSeverity(p: ToolPrivilege): Severity {
  const rules = SEVERITY_RULES.overPrivilegedTool;
  switch (p.privilegeClass) {
    case 'shell':
      return rules.shell;
    case 'file':
      return p.destructive ? rules.destructiveFile : rules.file;
    case 'database':
      return p.destructive ? rules.destructiveDatabase : rules.database;
    case 'network':
      return rules.network;
  }
}

/** SAFE-T1302 severity, or null when the tool is declared read-only/non-destructive or is not a high-privilege class. */
export function highPrivilegeSeverity(p: ToolPrivilege, annotations: ScannedTool['annotations']): Severity | null {
  if (annotations?.readOnlyHint === true || annotations?.destructiveHint === false) return null;
  const rules = SEVERITY_RULES.highPrivilegeTool;
  if (p.privilegeClass === 'shell') return rules.shell;
  if (p.privilegeClass === 'file' && p.destructive) return rules.destructiveFile;
  if (p.privilegeClass === 'database' && p.destructive) return rules.destructiveDatabase;
  return null;
}

function hintState(annotations: ScannedTool['annotations']): string {
  const ro = annotations?.readOnlyHint;
  const de = annotations?.destructiveHint;
  return `readOnlyHint ${ro === undefined ? 'unset' : ro}, destructiveHint ${de === undefined ? 'unset' : de}`;
}

export function detectOverPrivilegedTools(websiteId: number, tools: readonly ScannedTool[]): SecurityFinding[] {
  return overPrivilegeFindings(websiteId, tools, classifyToolPrivilege);
}

/** The findings, with each tool's privilege from `privilegeOf` (a site run classifies each tool once for several detectors). */
export function overPrivilegeFindings(websiteId: number, tools: readonly ScannedTool[], privilegeOf: (tool: ScannedTool, index: number) => ToolPrivilege | null): SecurityFinding[] {
  const findings: SecurityFinding[] = [];
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]!;
    const p = privilegeOf(tool, i);
    if (!p) continue;
    const what = `${CLASS_LABEL[p.privilegeClass]}${p.destructive && p.privilegeClass !== 'shell' ? ' (destructive)' : ''}`;
    const severity = overPrivilegeSeverity(p);
    const detail = (rule: string) => ({ tool: tool.name, field: p.reason.startsWith('name ') ? 'name' : 'description', matched: p.reason, rule });
    findings.push(makeFinding(OVER_PRIVILEGED_TOOL, severity, websiteId, 'tool', tool.name, `${what}: ${p.reason}`, detail(`${OVER_PRIVILEGED_TOOL} ${what} → ${severity}`)));
    const high = highPrivilegeSeverity(p, tool.annotations);
    if (high) {
      const why = `${what} not declared read-only or non-destructive (${hintState(tool.annotations)})`;
      findings.push(makeFinding(HIGH_PRIVILEGE_TOOL, high, websiteId, 'tool', tool.name, `${why}: ${p.reason}`, detail(`${HIGH_PRIVILEGE_TOOL} ${why} → ${high}`)));
    }
  }
  return findings;
}
