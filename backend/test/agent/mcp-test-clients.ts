import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';

/** What the tests use of either SDK generation's client (their shapes agree on these calls). */
export interface AnyClient {
  listTools(): Promise<{ tools: Array<{ name: string; inputSchema: { properties?: Record<string, unknown>; required?: string[] }; outputSchema?: Record<string, unknown> }> }>;
  listResources(p?: { cursor?: string }): Promise<{ resources: Array<{ uri: string; name: string; mimeType?: string }>; nextCursor?: string }>;
  listResourceTemplates(): Promise<{ resourceTemplates: Array<{ uriTemplate: string; name: string; mimeType?: string; description?: string }> }>;
  readResource(p: { uri: string }): Promise<{ contents: Array<{ uri: string; text?: string; mimeType?: string }> }>;
  callTool(p: { name: string; arguments?: Record<string, unknown> }): Promise<Record<string, unknown>>;
  listPrompts(): Promise<{ prompts: Array<{ name: string; title?: string; description?: string; arguments?: Array<{ name: string; required?: boolean }> }> }>;
  getPrompt(p: { name: string; arguments?: Record<string, string> }): Promise<{ description?: string; messages: Array<{ role: string; content: PromptContent }> }>;
  complete(p: { ref: { type: 'ref/resource'; uri: string } | { type: 'ref/prompt'; name: string }; argument: { name: string; value: string } }): Promise<{ completion: { values: string[] } }>;
  getServerVersion(): { name: string; version: string } | undefined;
  getServerCapabilities(): Record<string, unknown> | undefined;
  close(): Promise<void>;
}

export type PromptContent = { type: 'text'; text: string } | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string } } | { type: string };

export interface ConnectedClient {
  client: AnyClient;
  /** 'modern' (2026-07-28) or 'legacy' (initialize). */
  era: () => string | undefined;
  /** The v2 client itself, for calls only it has (subscriptions/listen). */
  v2?: ClientV2;
}

/** The official clients of both SDK generations, by label; `auto` negotiates 2026-07-28 with server/discover. */
export function mcpClients(mcpUrl: () => string): Array<[string, () => Promise<ConnectedClient>]> {
  return [
    [
      'sdk 1.x (initialize)',
      async () => {
        const client = new ClientV1({ name: 'agent-test-v1', version: '1.0.0' });
        await client.connect(new TransportV1(new URL(mcpUrl())));
        return { client: client as unknown as AnyClient, era: () => 'legacy' };
      },
    ],
    [
      'sdk 2.x legacy (initialize)',
      async () => {
        const client = new ClientV2({ name: 'agent-test-v2-legacy', version: '1.0.0' });
        await client.connect(new TransportV2(new URL(mcpUrl())));
        return { client: client as unknown as AnyClient, era: () => client.getProtocolEra(), v2: client };
      },
    ],
    [
      'sdk 2.x auto (2026-07-28 server/discover)',
      async () => {
        const client = new ClientV2({ name: 'agent-test-v2-modern', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
        await client.connect(new TransportV2(new URL(mcpUrl())));
        return { client: client as unknown as AnyClient, era: () => client.getProtocolEra(), v2: client };
      },
    ],
  ];
}

export const textOf = (result: Record<string, unknown>): string => {
  const content = result.content as Array<{ type: string; text?: string }>;
  return content.map((c) => c.text ?? '').join('');
};
