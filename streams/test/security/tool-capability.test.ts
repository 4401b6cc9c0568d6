import { describe, expect, it } from 'vitest';
import { EXPOSURE_SEVERITY, SEVERITY_RULE_TEXTS, TOOL_CAPABILITY_RULES, type ScannedTool } from '@mcp-census/schemas';
import { classifyToolCapability } from '../../src/security/tool-capability';
import { objectSchema, tool } from './helpers';

type Case = [description: string, tool: ScannedTool, field: string | null];

/** Per rule of the table: tools it must decide (first match wins), and the field that decided. */
const CASES: Record<string, Case[]> = {
  exec: [
    ['exec verb in the name', tool('execute_query_plan'), 'name'],
    ['a shell word anywhere in the name', tool('project_bash'), 'name'],
    ['deploy as the leading verb', tool('deploy_site'), 'name'],
    ['a command parameter', tool('tasks', { inputSchema: objectSchema({ command: { type: 'string' } }) }), 'inputSchema properties.command'],
    ['the description starts with an exec verb', tool('runner', { description: 'Executes the given script.' }), 'description'],
  ],
  spend: [
    ['pay as the leading verb', tool('pay_invoice'), 'name'],
    ['behind a namespace', tool('stripe_refund_charge'), 'name'],
    ['a card parameter', tool('checkout_cart', { inputSchema: objectSchema({ card_number: { type: 'string' } }) }), 'name'],
    ['an IBAN parameter', tool('wallet', { inputSchema: objectSchema({ iban: { type: 'string' } }) }), 'inputSchema properties.iban'],
    ['the description starts with "Transfers"', tool('wallet', { description: 'Transfers funds.' }), 'description'],
  ],
  delete: [
    ['delete as the leading verb', tool('delete_user'), 'name'],
    ['camelCase', tool('removeItem'), 'name'],
    ['delete anywhere beats a leading read verb', tool('search_and_delete'), 'name'],
    ['the description starts with "Deletes"', tool('cleanup', { description: 'Deletes stale rows.' }), 'description'],
  ],
  privileged: [['SAFE-T1104 destructive database access', tool('sql_update'), 'SAFE-T1104']],
  'declared-destructive': [['destructiveHint true', tool('weather', { annotations: { destructiveHint: true } }), 'annotations.destructiveHint']],
  send: [
    ['send as the leading verb', tool('send_message'), 'name'],
    ['a recipient parameter', tool('outbox', { inputSchema: objectSchema({ recipients: { type: 'array' } }) }), 'inputSchema properties.recipients'],
    ['post as the leading verb', tool('post_tweet'), 'name'],
  ],
  write: [
    ['create as the leading verb', tool('create_invoice'), 'name'],
    ['create anywhere beats a leading read verb', tool('get_or_create_user'), 'name'],
    ['behind a namespace', tool('github_open_pull_request'), 'name'],
  ],
  'privileged-write': [['SAFE-T1104 non-destructive file write', tool('mkdir'), 'SAFE-T1104']],
  'declared-write': [['readOnlyHint false', tool('weather', { annotations: { readOnlyHint: false } }), 'annotations.readOnlyHint']],
  'declared-read-only': [['readOnlyHint true, nothing contradicts it', tool('weather', { annotations: { readOnlyHint: true } }), 'annotations.readOnlyHint']],
  read: [
    ['get as the leading verb', tool('get_order_status'), 'name'],
    ['a read verb before an ambiguous noun', tool('list_posts'), 'name'],
    ['a deleted-items noun is no delete', tool('list_deleted_items'), 'name'],
    ['"shellfish" is no shell', tool('search_shellfish_recipes'), 'name'],
    ['the description starts with "Look up"', tool('order_tracker', { description: 'Look up the status of an order.' }), 'description'],
    ['read-only SQL is a query, not a write', tool('run_sql_query', { description: 'Run a read-only SQL query against the analytics database.' }), 'name'],
  ],
  unknown: [['no verb, no hint', tool('weather'), null]],
};

describe('tool capability table', () => {
  it('every rule of the table has cases here, and nothing else does', () => {
    expect(Object.keys(CASES).sort()).toEqual(TOOL_CAPABILITY_RULES.map((r) => r.id).sort());
  });

  for (const rule of TOOL_CAPABILITY_RULES) {
    it.each(CASES[rule.id] ?? [])(`${rule.id} (${rule.capability}): %s`, (_label, t, field) => {
      const m = classifyToolCapability(t);
      expect(m.rule.id).toBe(rule.id);
      expect(m.capability).toBe(rule.capability);
      expect(m.field).toBe(field);
    });
  }

  it('readOnlyHint true never downgrades a name that says delete, send or pay', () => {
    for (const name of ['delete_user', 'send_email', 'pay_invoice', 'create_invoice']) {
      const m = classifyToolCapability(tool(name, { annotations: { readOnlyHint: true } }));
      expect(m.capability === 'destructive' || m.capability === 'side-effect').toBe(true);
      expect(m.readOnlyHintContradicted).toBe(true);
    }
    expect(classifyToolCapability(tool('get_user', { annotations: { readOnlyHint: true } })).readOnlyHintContradicted).toBe(false);
  });

  it('the matched text is shown visibly escaped', () => {
    const m = classifyToolCapability(tool('delete\u202Eresu'));
    expect(m.matched).toBe('delete\\u{202E}resu');
  });

  it('the page shows the same table: the SAFE-T1005 rule text is built from it', () => {
    const t1005 = SEVERITY_RULE_TEXTS.find((r) => r.techniqueId === 'SAFE-T1005')!.rule;
    expect(t1005).toContain(`destructive (exec, spend, delete) ${EXPOSURE_SEVERITY.destructive}`);
    expect(t1005).toContain(`side-effecting (send, write) ${EXPOSURE_SEVERITY['side-effect']}`);
    expect(t1005).toContain(`read-only or unknown ${EXPOSURE_SEVERITY['read-only']}`);
  });
});
