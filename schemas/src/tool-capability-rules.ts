import type { Severity } from './safe-mcp';

/**
 * What an open (unauthenticated) MCP server lets anyone do, tool by tool:
 * the ONE table behind SAFE-T1005 Exposed Endpoint severity. The detector
 * (streams/src/security/tool-capability.ts) evaluates these rules and the
 * page's "How severity is decided" shows them (SEVERITY_RULE_TEXTS and the
 * security panel), so the two cannot drift apart.
 *
 * Reading a tool:
 * - "verb" = the first word of the tool's name that is in any rule's word
 *   list (`github_create_issue` → create, `get_order_status` → get), or the
 *   description's first word (`Deletes the user` → delete). Words are split
 *   from snake_case, kebab-case and camelCase and compared exactly, so
 *   `list_deleted_items` has no "delete" and `shellfish` is no "shell".
 * - "anywhere" = any word of the name (`get_or_create_user` → create).
 * - "parameter" = an input-schema property name, lowercased without `_`/`-`.
 * - Rules are tried in order; the first that matches decides the tool.
 *
 * Annotations are untrusted hints. A hint that says MORE danger
 * (destructiveHint true, readOnlyHint false) is believed: nobody lies
 * upwards. A hint that says LESS (readOnlyHint true) is only read after
 * every name/description/schema rule, so `delete_user` claiming
 * readOnlyHint stays destructive (and the evidence says the hint was
 * contradicted).
 *
 * A server's exposure severity is its most capable tool's:
 * destructive high, side-effect medium, read-only and unknown low. Servers
 * behind authentication (authRequired, evidence 'auth-wall' or
 * 'oauth-metadata') get no exposure finding.
 */
export const TOOL_CAPABILITIES = ['destructive', 'side-effect', 'read-only', 'unknown'] as const;
export type ToolCapability = (typeof TOOL_CAPABILITIES)[number];

/** SAFE-T1005 severity of an open server whose most capable tool has this capability. */
export const EXPOSURE_SEVERITY: Readonly<Record<ToolCapability, Severity>> = {
  destructive: 'high',
  'side-effect': 'medium',
  'read-only': 'low',
  unknown: 'low',
};

export interface ToolCapabilityRule {
  id: string;
  capability: ToolCapability;
  /** The leading verb of the name, or the description's first word. */
  verbs: readonly string[];
  /** Any word of the name. */
  anywhere: readonly string[];
  /** Input-schema property names (lowercase, no `_`/`-`). */
  parameters: readonly string[];
  /** Annotation condition, for the annotation rules. */
  annotation?: 'destructiveHint true' | 'readOnlyHint false' | 'readOnlyHint true';
  /** The SAFE-T1104 classification that triggers it, for the privilege rules. */
  privilege?: 'destructive' | 'write';
  /** Shown on the page. */
  text: string;
}

export const TOOL_CAPABILITY_RULES: readonly ToolCapabilityRule[] = [
  {
    id: 'exec',
    capability: 'destructive',
    verbs: ['exec', 'execute', 'eval', 'shell', 'bash', 'sh', 'zsh', 'powershell', 'pwsh', 'sudo', 'subprocess', 'spawn', 'deploy', 'terminal', 'repl'],
    anywhere: ['exec', 'execute', 'eval', 'shell', 'bash', 'zsh', 'powershell', 'pwsh', 'sudo', 'subprocess'],
    parameters: ['command', 'cmd', 'commandline', 'shellcommand', 'script', 'bashcommand'],
    text: 'runs commands or code, or deploys (exec, execute, eval, shell, bash, sudo, deploy…; a command or script parameter)',
  },
  {
    id: 'spend',
    capability: 'destructive',
    verbs: ['pay', 'purchase', 'buy', 'checkout', 'charge', 'refund', 'withdraw', 'transfer', 'donate', 'tip', 'sell', 'trade', 'bid', 'swap'],
    anywhere: ['withdraw'],
    parameters: ['iban', 'cardnumber', 'cvv', 'cvc', 'payee', 'paymentmethod', 'paymentmethodid', 'walletaddress'],
    text: 'moves money (pay, purchase, buy, checkout, charge, refund, transfer, withdraw…; a card, IBAN or payee parameter)',
  },
  {
    id: 'delete',
    capability: 'destructive',
    verbs: ['delete', 'remove', 'rm', 'drop', 'destroy', 'erase', 'wipe', 'purge', 'truncate', 'unlink', 'rmdir', 'overwrite', 'kill', 'terminate', 'revoke', 'uninstall', 'reset', 'ban'],
    anywhere: ['delete', 'destroy', 'erase', 'wipe', 'purge', 'rmdir', 'overwrite'],
    parameters: [],
    text: 'deletes, overwrites or revokes (delete, remove, drop, destroy, wipe, purge, kill, revoke…)',
  },
  {
    id: 'privileged',
    capability: 'destructive',
    verbs: [],
    anywhere: [],
    parameters: [],
    privilege: 'destructive',
    text: 'SAFE-T1104 classifies it as shell/code execution or destructive file or database access',
  },
  {
    id: 'declared-destructive',
    capability: 'destructive',
    verbs: [],
    anywhere: [],
    parameters: [],
    annotation: 'destructiveHint true',
    text: 'declares destructiveHint true (and not readOnlyHint true)',
  },
  {
    id: 'send',
    capability: 'side-effect',
    verbs: ['send', 'email', 'mail', 'sms', 'notify', 'post', 'publish', 'tweet', 'reply', 'forward', 'invite', 'share', 'broadcast', 'dm', 'message', 'comment', 'dial'],
    anywhere: ['send', 'notify', 'publish', 'broadcast', 'tweet'],
    parameters: ['recipient', 'recipients', 'cc', 'bcc'],
    text: 'sends or publishes to others (send, email, sms, notify, post, publish, reply, invite, share…; a recipient, cc or bcc parameter)',
  },
  {
    id: 'write',
    capability: 'side-effect',
    verbs: [
      'create', 'add', 'insert', 'update', 'edit', 'modify', 'set', 'put', 'patch', 'save', 'write', 'upload', 'move', 'rename', 'append',
      'upsert', 'merge', 'commit', 'push', 'approve', 'reject', 'assign', 'book', 'reserve', 'schedule', 'register', 'subscribe', 'unsubscribe', 'submit',
      'cancel', 'enable', 'disable', 'start', 'stop', 'restart', 'install', 'import', 'sync', 'archive', 'close', 'lock', 'unlock', 'grant',
      'apply', 'change', 'replace', 'mark', 'store', 'record', 'trigger', 'invoke', 'open',
    ],
    anywhere: ['create', 'insert', 'upsert', 'upload', 'write'],
    parameters: [],
    text: 'changes state (create, add, update, edit, set, save, write, upload, move, submit, cancel, book, open…)',
  },
  {
    id: 'privileged-write',
    capability: 'side-effect',
    verbs: [],
    anywhere: [],
    parameters: [],
    privilege: 'write',
    text: 'SAFE-T1104 classifies it as a (non-destructive) file write',
  },
  {
    id: 'declared-write',
    capability: 'side-effect',
    verbs: [],
    anywhere: [],
    parameters: [],
    annotation: 'readOnlyHint false',
    text: 'declares readOnlyHint false',
  },
  {
    id: 'declared-read-only',
    capability: 'read-only',
    verbs: [],
    anywhere: [],
    parameters: [],
    annotation: 'readOnlyHint true',
    text: 'declares readOnlyHint true, and no rule above contradicts it',
  },
  {
    id: 'read',
    capability: 'read-only',
    verbs: [
      'get', 'list', 'search', 'find', 'read', 'query', 'lookup', 'look', 'describe', 'show', 'view', 'count', 'check', 'browse', 'retrieve',
      'fetch', 'download', 'export', 'return', 'summarize', 'summarise', 'translate', 'convert', 'calculate', 'compute', 'format', 'validate',
      'parse', 'analyze', 'analyse', 'compare', 'explain', 'estimate', 'preview', 'inspect', 'resolve', 'ping', 'echo', 'recommend', 'suggest',
      'current', 'status', 'info', 'explore', 'detect', 'identify', 'verify', 'measure', 'predict', 'extract', 'render',
    ],
    anywhere: [],
    parameters: [],
    text: 'reads or computes (get, list, search, find, read, query, look up, describe, fetch, export, translate, convert, calculate…)',
  },
  {
    id: 'unknown',
    capability: 'unknown',
    verbs: [],
    anywhere: [],
    parameters: [],
    text: 'nothing above matched: no published sign of side effects',
  },
];

export function toolCapabilityRuleById(id: string): ToolCapabilityRule | undefined {
  return TOOL_CAPABILITY_RULES.find((r) => r.id === id);
}

/** The exposure rule in words (the SAFE-T1005 line of SEVERITY_RULE_TEXTS). */
export const EXPOSURE_RULE_TEXT =
  `Exposed Endpoint: tools listed without any authentication, rated by the most capable tool: ` +
  `destructive (exec, spend, delete) ${EXPOSURE_SEVERITY.destructive}, side-effecting (send, write) ${EXPOSURE_SEVERITY['side-effect']}, ` +
  `read-only or unknown ${EXPOSURE_SEVERITY['read-only']}; annotations that claim read-only never outweigh a name, description or parameter that says otherwise; ` +
  `no finding behind authentication (auth wall or OAuth).`;
