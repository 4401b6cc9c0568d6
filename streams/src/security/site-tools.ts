import type { ScannedTool } from '@mcp-census/schemas';
import { classifyPrivilegeByWords, nameWords, type ToolPrivilege } from './detectors/over-privileged-tools';
import { toolSubjectFromSchema, type MetadataSubject } from './metadata';
import { siteSchemaBudget, walkSchemaOnce, type SchemaString } from './schema-strings';
import { classifyCapabilityByWords, type ToolCapabilityMatch } from './tool-capability';

/**
 * One tool of a site with what several detectors read from it, each worked
 * out once per site instead of once per detector: the schema walk (T1001,
 * T1402, T1501), the tool as a metadata subject (T1001, T1402), the name's
 * words and privilege class (T1104/T1302 and the capability rules) and the
 * capability (T1005, T1707). Every detector used its own site schema budget
 * over the same tools in the same order, so one shared walk per tool gives
 * each of them exactly the strings it read before.
 */
export class SiteTool {
  #subject: MetadataSubject | undefined;
  #words: readonly string[] | undefined;
  #privilege: { value: ToolPrivilege | null } | undefined;
  #capability: ToolCapabilityMatch | undefined;

  constructor(
    readonly tool: ScannedTool,
    /** The input schema's strings under the site's schema budget. */
    readonly schemaStrings: readonly SchemaString[],
  ) {}

  /** The tool's texts, schema strings included (what toolSubject(tool, budget) gives). */
  get subject(): MetadataSubject {
    return (this.#subject ??= toolSubjectFromSchema(this.tool, this.schemaStrings));
  }

  get nameWords(): readonly string[] {
    return (this.#words ??= nameWords(this.tool.name));
  }

  get privilege(): ToolPrivilege | null {
    return (this.#privilege ??= { value: classifyPrivilegeByWords(this.tool, this.nameWords) }).value;
  }

  get capability(): ToolCapabilityMatch {
    return (this.#capability ??= classifyCapabilityByWords(this.tool, this.nameWords, () => this.privilege));
  }
}

/** The site's tools, schemas walked in listing order against one site budget. */
export function siteTools(tools: readonly ScannedTool[]): SiteTool[] {
  const budget = siteSchemaBudget();
  const out: SiteTool[] = new Array<SiteTool>(tools.length);
  for (let i = 0; i < tools.length; i++) out[i] = new SiteTool(tools[i]!, walkSchemaOnce(tools[i]!.inputSchema, budget));
  return out;
}
