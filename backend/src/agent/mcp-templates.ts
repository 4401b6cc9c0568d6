import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import type { AgentResourceTemplateName } from '@mcp-census/schemas/api/agent-templates';
import type { AgentData } from './agent-data';
import { websitesPageUri } from './agent-resources';
import {
  AGENT_RESOURCE_TEMPLATE_DEFINITIONS,
  completeCategory,
  completePage,
  completeWebsiteId,
  readTemplateResource,
  templateValue,
} from './agent-templates';
import { mapAgentErrors, safeCompletion, type UnexpectedErrorSink } from './mcp-errors';

/** Each template's one variable and how to complete it. */
const VARIABLES: Record<AgentResourceTemplateName, { name: string; complete: (data: AgentData, typed: string) => Promise<string[]> }> = {
  website: { name: 'id', complete: completeWebsiteId },
  'website-history': { name: 'id', complete: completeWebsiteId },
  category: { name: 'category', complete: completeCategory },
  'websites-page': { name: 'n', complete: completePage },
};

/**
 * The resource templates (website, its history, category, websites page).
 *
 * McpServer's resources/list has no cursor for a template's list callback,
 * and listing each of ~10,000 sites as a resource would also overrun the v2
 * client's auto-aggregation cap (listMaxPages, 64 pages) and make its
 * listResources() throw. So the website listing is paged inside resources:
 * resources/list names only the first page, and every page names the next.
 */
export function registerAgentTemplates(server: McpServer, data: AgentData, publicUrl: string, onUnexpected: UnexpectedErrorSink): void {
  for (const def of AGENT_RESOURCE_TEMPLATE_DEFINITIONS) {
    const variable = VARIABLES[def.name];
    const template = new ResourceTemplate(def.uriTemplate, {
      list:
        def.name === 'websites-page'
          ? () => ({ resources: [{ uri: websitesPageUri(1), name: 'websites-page-1', title: 'Monitored websites, page 1', description: def.description, mimeType: def.mimeType }] })
          : undefined,
      complete: { [variable.name]: (typed: string) => safeCompletion(() => variable.complete(data, typed), onUnexpected) },
    });
    server.registerResource(def.name, template, { title: def.title, description: def.description, mimeType: def.mimeType }, async (uri, variables) => {
      const content = await mapAgentErrors(`Reading ${uri.href}`, () => readTemplateResource(data, def.name, templateValue(variables[variable.name]), publicUrl), onUnexpected, uri.href);
      return { contents: [{ uri: uri.href, mimeType: def.mimeType, text: JSON.stringify(content) }] };
    });
  }
}
