import { z } from 'zod';

/**
 * The runtime stage of the Dockerfile, read so the production check assembles
 * exactly what the image holds: its COPY --from=build lines, its npm ci and its CMD.
 */
export interface RuntimeStage {
  /** The stage the files come from, and its WORKDIR (where the project sits in it). */
  from: { stage: string; workdir: string };
  /** Sources relative to the project root; `dest` relative to the runtime WORKDIR (a trailing / means "into"). */
  copies: { sources: string[]; dest: string }[];
  /** argv of the `npm ci` the stage runs. */
  install: string[];
  cmd: string[];
  user: string | undefined;
  env: Record<string, string>;
  healthcheck: boolean;
}

interface Instruction {
  keyword: string;
  args: string;
}

/** Instructions in order, continuation lines joined and comments dropped. */
export function parseInstructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    const full = (pending + line).trim();
    pending = '';
    const match = /^(\S+)\s*(.*)$/.exec(full);
    if (match) out.push({ keyword: (match[1] ?? '').toUpperCase(), args: match[2] ?? '' });
  }
  return out;
}

const execForm = z.array(z.string()).min(1);

/** `KEY=value KEY2=value2` (no quoting: the Dockerfile uses none). */
function parseEnv(args: string): Record<string, string> {
  return Object.fromEntries(
    args
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        if (at <= 0) throw new Error(`ENV ${args}: only the KEY=value form is supported`);
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
  );
}

export function parseRuntimeStage(text: string): RuntimeStage {
  const stages: { name: string | undefined; instructions: Instruction[] }[] = [];
  for (const ins of parseInstructions(text)) {
    if (ins.keyword === 'FROM') stages.push({ name: /\sAS\s+(\S+)/i.exec(ins.args)?.[1], instructions: [] });
    else stages.at(-1)?.instructions.push(ins);
  }
  const runtime = stages.at(-1);
  if (!runtime) throw new Error('Dockerfile: no FROM');
  const workdirOf = (name: string) => {
    const stage = stages.find((s) => s.name === name);
    const workdir = stage?.instructions.filter((i) => i.keyword === 'WORKDIR').at(-1)?.args;
    if (!workdir) throw new Error(`Dockerfile: stage ${name} has no WORKDIR`);
    return workdir;
  };
  const result: RuntimeStage = { from: { stage: '', workdir: '' }, copies: [], install: [], cmd: [], user: undefined, env: {}, healthcheck: false };
  for (const { keyword, args } of runtime.instructions) {
    if (keyword === 'COPY') {
      const words = args.split(/\s+/).filter(Boolean);
      const stage = /^--from=(\S+)$/.exec(words[0] ?? '')?.[1];
      if (!stage) throw new Error(`Dockerfile: the runtime stage copies only from the build stage (COPY ${args})`);
      const workdir = workdirOf(stage);
      result.from = { stage, workdir };
      const paths = words.slice(1).filter((w) => !w.startsWith('--'));
      const dest = paths.pop();
      if (!dest || paths.length === 0) throw new Error(`Dockerfile: COPY ${args} has no source`);
      const sources = paths.map((p) => {
        if (!p.startsWith(`${workdir}/`)) throw new Error(`Dockerfile: COPY source ${p} is outside ${workdir}`);
        return p.slice(workdir.length + 1);
      });
      result.copies.push({ sources, dest });
    } else if (keyword === 'RUN' && /\bnpm ci\b/.test(args)) {
      result.install = (args.split('&&')[0] ?? '').trim().split(/\s+/);
    } else if (keyword === 'CMD') {
      result.cmd = execForm.parse(JSON.parse(args));
    } else if (keyword === 'USER') {
      result.user = args.trim();
    } else if (keyword === 'ENV') {
      Object.assign(result.env, parseEnv(args));
    } else if (keyword === 'HEALTHCHECK') {
      result.healthcheck = true;
    }
  }
  if (result.install.length === 0) throw new Error('Dockerfile: the runtime stage runs no npm ci');
  if (result.cmd.length === 0) throw new Error('Dockerfile: the runtime stage has no CMD in exec form');
  return result;
}
