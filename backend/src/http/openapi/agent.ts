import { z } from 'zod';
import { agentResourceContentSchema, agentResourceListSchema, agentResourceNameSchema, agentToolListSchema, agentToolNameSchema, agentToolResultSchema, agentWellKnownSchema, getPlatformStatusParamsSchema, queryAdoptionMetricsParamsSchema, scanWebsiteParamsSchema } from '@mcp-census/schemas/api/agent';
import { errors, json, jsonBody, media, route, WRITE_ERRORS, type RouteContract } from './contract';

/**
 * backend/src/agent/agent-routes.ts, without /mcp itself: that is the MCP
 * JSON-RPC endpoint (Streamable HTTP), described by the MCP specification,
 * not by OpenAPI.
 */
const get = (path: string, operationId: string, summary: string, response: RouteContract['operation']['responses']): RouteContract =>
  route('get', path, { operationId, summary, tags: ['agent'], responses: response });

/**
 * The tool route reads its body as-is and each tool parses it with its own
 * schema (backend/src/agent/agent-tools.ts): the body is one of these,
 * chosen by the {name} in the path.
 */
const toolParams = z.union([scanWebsiteParamsSchema, getPlatformStatusParamsSchema, queryAdoptionMetricsParamsSchema]);

export const AGENT_ROUTES: RouteContract[] = [
  get('/.well-known/mcp.json', 'getMcpWellKnown', 'MCP discovery document: capabilities, server info and endpoints', { '200': json(agentWellKnownSchema, 'The discovery document') }),
  get('/llms.txt', 'getLlmsTxt', 'A plain-text guide to this API for language models', { '200': media('text/plain', 'The guide') }),
  get('/mcp/resources', 'listAgentResources', 'The MCP resources, with their REST addresses', { '200': json(agentResourceListSchema, 'The resources') }),
  route('get', '/mcp/resources/{name}', {
    operationId: 'readAgentResource',
    summary: 'Read one MCP resource over REST',
    tags: ['agent'],
    requestParams: { path: z.object({ name: agentResourceNameSchema.describe('Resource name, see GET /mcp/resources') }) },
    responses: { '200': json(agentResourceContentSchema, 'The resource content'), ...errors(404) },
  }),
  get('/mcp/tools', 'listAgentTools', 'The MCP tools, with their parameter schemas and REST addresses', { '200': json(agentToolListSchema, 'The tools') }),
  route('post', '/mcp/tools/{name}', {
    operationId: 'callAgentTool',
    summary: 'Call one MCP tool over REST',
    tags: ['agent'],
    requestParams: { path: z.object({ name: agentToolNameSchema.describe('Tool name, see GET /mcp/tools') }) },
    requestBody: jsonBody(toolParams),
    responses: { '200': json(agentToolResultSchema, 'The tool result'), ...errors(...WRITE_ERRORS, 404) },
  }),
];
