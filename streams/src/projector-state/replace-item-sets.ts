import type pg from 'pg';
import type { TypedEnvelope } from '../kafka/envelope';
import { jsonRows, jsonRowsFrom, type JsonRowColumn } from './json-rows';
import { cleanText } from './sanitize';

type Completed = TypedEnvelope<'scan.completed'>;

const TOOL_COLUMNS: readonly JsonRowColumn[] = [
  { name: 'website_id', type: 'bigint' },
  { name: 'position', type: 'integer' },
  { name: 'name', type: 'text' },
  { name: 'title', type: 'text' },
  { name: 'description', type: 'text' },
  { name: 'category', type: 'text' },
  { name: 'input_schema', type: 'jsonb' },
  { name: 'annotations', type: 'jsonb' },
  { name: 'hash', type: 'text' },
];
const RESOURCE_COLUMNS: readonly JsonRowColumn[] = [
  { name: 'website_id', type: 'bigint' },
  { name: 'position', type: 'integer' },
  { name: 'name', type: 'text' },
  { name: 'uri', type: 'text' },
  { name: 'description', type: 'text' },
  { name: 'type', type: 'text' },
  { name: 'hash', type: 'text' },
];
const PROMPT_COLUMNS: readonly JsonRowColumn[] = [
  { name: 'website_id', type: 'bigint' },
  { name: 'position', type: 'integer' },
  { name: 'name', type: 'text' },
  { name: 'description', type: 'text' },
  { name: 'arguments', type: 'jsonb' },
  { name: 'hash', type: 'text' },
];

const insertSql = (table: string, columns: readonly JsonRowColumn[]): string => {
  const names = columns.map((c) => c.name).join(', ');
  return `INSERT INTO ${table} (${names}) SELECT ${names} FROM ${jsonRowsFrom(1, columns)} AS x`;
};
const INSERT_TOOLS = insertSql('site_tools', TOOL_COLUMNS);
const INSERT_RESOURCES = insertSql('site_resources', RESOURCE_COLUMNS);
const INSERT_PROMPTS = insertSql('site_prompts', PROMPT_COLUMNS);

/** Deletes and re-inserts the tool/resource/prompt sets of the sites whose latest scan just changed. */
export async function replaceItemSets(client: pg.PoolClient, winning: readonly Completed[]): Promise<void> {
  if (winning.length === 0) return;
  await client.query(
    `WITH t AS (DELETE FROM site_tools WHERE website_id = ANY($1::bigint[])),
          r AS (DELETE FROM site_resources WHERE website_id = ANY($1::bigint[]))
     DELETE FROM site_prompts WHERE website_id = ANY($1::bigint[])`,
    [winning.map((e) => e.payload.websiteId)],
  );
  const tools: unknown[][] = [];
  const resources: unknown[][] = [];
  const prompts: unknown[][] = [];
  for (const e of winning) {
    const site = e.payload.websiteId;
    const { result } = e.payload;
    result.tools.forEach((t, i) => {
      tools.push([site, i, cleanText(t.name), cleanText(t.title), cleanText(t.description), cleanText(t.category), t.inputSchema, t.annotations, t.hash]);
    });
    result.resources.forEach((r, i) => {
      resources.push([site, i, cleanText(r.name), cleanText(r.uri), cleanText(r.description), cleanText(r.type), r.hash]);
    });
    result.prompts.forEach((p, i) => {
      // a prompt without an arguments list stores an empty one
      prompts.push([site, i, cleanText(p.name), cleanText(p.description), p.arguments ?? [], p.hash]);
    });
  }
  if (tools.length > 0) await client.query(INSERT_TOOLS, [jsonRows(TOOL_COLUMNS, tools)]);
  if (resources.length > 0) await client.query(INSERT_RESOURCES, [jsonRows(RESOURCE_COLUMNS, resources)]);
  if (prompts.length > 0) await client.query(INSERT_PROMPTS, [jsonRows(PROMPT_COLUMNS, prompts)]);
}
