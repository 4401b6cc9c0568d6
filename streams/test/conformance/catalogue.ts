/**
 * The known surface every corpus server publishes: a few tools (some with
 * annotations), static resources, one resource template and prompts. Names
 * carry a per-server prefix so a prober that mixed two servers up would fail
 * precision, not pass by coincidence.
 */
export interface ToolDef {
  name: string;
  description: string;
  /** Name of the single string argument, or null for a tool without input. */
  arg: string | null;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
}

export interface ResourceDef {
  name: string;
  uri: string;
  description: string;
}

export interface TemplateDef {
  name: string;
  uriTemplate: string;
  /** The template's single variable. */
  variable: string;
  description: string;
}

export interface PromptDef {
  name: string;
  description: string;
  /** Argument names (all required strings). */
  args: string[];
}

export interface Catalogue {
  tools: ToolDef[];
  resources: ResourceDef[];
  templates: TemplateDef[];
  prompts: PromptDef[];
}

/** Server name/version the corpus servers report (serverInfo). */
export const SERVER_VERSION = '3.1.4';

export function catalogue(prefix: string): Catalogue {
  return {
    tools: [
      { name: `${prefix}_search_docs`, description: 'Search the documentation by keyword.', arg: 'query', annotations: { readOnlyHint: true, openWorldHint: false } },
      { name: `${prefix}_create_ticket`, description: 'Open a support ticket.', arg: 'title', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false } },
      { name: `${prefix}_delete_ticket`, description: 'Delete a support ticket for good.', arg: 'id', annotations: { destructiveHint: true } },
      { name: `${prefix}_ping`, description: 'Liveness check.', arg: null },
    ],
    resources: [
      { name: `${prefix}_readme`, uri: `docs://${prefix}/readme`, description: 'The README.' },
      { name: `${prefix}_changelog`, uri: `docs://${prefix}/changelog`, description: 'Release notes.' },
    ],
    templates: [{ name: `${prefix}_ticket`, uriTemplate: `tickets://${prefix}/{id}`, variable: 'id', description: 'One ticket by id.' }],
    prompts: [
      { name: `${prefix}_summarize_ticket`, description: 'Summarize a ticket.', args: ['id'] },
      { name: `${prefix}_triage_inbox`, description: 'Triage the inbox.', args: [] },
    ],
  };
}

/** An empty catalogue: what an auth-walled or refused server should yield. */
export const NOTHING: Catalogue = { tools: [], resources: [], templates: [], prompts: [] };

/** Every tool handler ends here: the prober must never call a tool. */
export class CallCounter {
  calls = 0;
  hit(): { content: Array<{ type: 'text'; text: string }> } {
    this.calls++;
    return { content: [{ type: 'text', text: 'executed' }] };
  }
}
