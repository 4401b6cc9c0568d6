import { McpServer as McpServerV1, ResourceTemplate as ResourceTemplateV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpServer as McpServerV2, ResourceTemplate as ResourceTemplateV2 } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { SERVER_VERSION, type CallCounter, type Catalogue } from './catalogue';

/** Registers a catalogue on an official SDK 1.x McpServer (zod raw shapes). */
export function newV1Server(name: string, cat: Catalogue, counter: CallCounter): McpServerV1 {
  const server = new McpServerV1({ name, version: SERVER_VERSION });
  for (const t of cat.tools) {
    const inputSchema = t.arg ? { [t.arg]: z.string().describe(`The ${t.arg}`) } : {};
    server.registerTool(t.name, { description: t.description, inputSchema, ...(t.annotations ? { annotations: t.annotations } : {}) }, async () => counter.hit());
  }
  for (const r of cat.resources) {
    server.registerResource(r.name, r.uri, { description: r.description, mimeType: 'text/markdown' }, async (uri) => ({ contents: [{ uri: uri.href, text: `# ${r.name}` }] }));
  }
  for (const t of cat.templates) {
    server.registerResource(t.name, new ResourceTemplateV1(t.uriTemplate, { list: undefined }), { description: t.description, mimeType: 'application/json' }, async (uri) => ({ contents: [{ uri: uri.href, text: '{}' }] }));
  }
  for (const p of cat.prompts) {
    const argsSchema = Object.fromEntries(p.args.map((a) => [a, z.string().describe(a)]));
    server.registerPrompt(p.name, { description: p.description, argsSchema }, async () => ({ messages: [{ role: 'user', content: { type: 'text', text: p.description } }] }));
  }
  return server;
}

/** Registers a catalogue on an official SDK 2.x McpServer (zod object schemas). */
export function newV2Server(name: string, cat: Catalogue, counter: CallCounter): McpServerV2 {
  const server = new McpServerV2({ name, version: SERVER_VERSION }, { capabilities: { tools: {}, resources: {}, prompts: {} } });
  populateV2(server, cat, counter);
  return server;
}

export function populateV2(server: McpServerV2, cat: Catalogue, counter: CallCounter): void {
  for (const t of cat.tools) {
    const inputSchema = z.object(t.arg ? { [t.arg]: z.string().describe(`The ${t.arg}`) } : {});
    server.registerTool(t.name, { description: t.description, inputSchema, ...(t.annotations ? { annotations: t.annotations } : {}) }, async () => counter.hit());
  }
  for (const r of cat.resources) {
    server.registerResource(r.name, r.uri, { description: r.description, mimeType: 'text/markdown' }, async (uri: URL) => ({ contents: [{ uri: uri.href, text: `# ${r.name}` }] }));
  }
  for (const t of cat.templates) {
    server.registerResource(t.name, new ResourceTemplateV2(t.uriTemplate, { list: undefined }), { description: t.description, mimeType: 'application/json' }, async (uri: URL) => ({ contents: [{ uri: uri.href, text: '{}' }] }));
  }
  for (const p of cat.prompts) {
    const argsSchema = z.object(Object.fromEntries(p.args.map((a) => [a, z.string().describe(a)])));
    server.registerPrompt(p.name, { description: p.description, argsSchema }, async () => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text: p.description } }] }));
  }
}
