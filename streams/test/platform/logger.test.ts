import { describe, expect, it } from 'vitest';
import { createLogger, type LogFormat } from '../../src/platform/logger';

/** A logger of the given format whose output is kept, line by line. */
function capture(format: LogFormat, level: 'debug' | 'info' = 'info') {
  const lines: string[] = [];
  const log = createLogger({ level, format, destination: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) } });
  return { log, lines };
}

describe('platform logger', () => {
  it('json: one parseable object a line, with the bindings of nested child loggers', () => {
    const { log, lines } = capture('json');
    const siteLog = log.child({ role: 'scanner' }).child({ component: 'prober' }).child({ websiteId: 42 });
    siteLog.info({ eventId: 'e-1' }, 'probed');

    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 'info', role: 'scanner', component: 'prober', websiteId: 42, eventId: 'e-1', msg: 'probed', pid: process.pid });
    expect(typeof entry.time).toBe('string');
    expect(new Date(entry.time as string).getTime()).not.toBeNaN();
  });

  it('json: an error logged as { err } keeps its type, message and stack', () => {
    const { log, lines } = capture('json');
    const cause = new TypeError('socket hang up');
    log.child({ component: 'kafka' }).error({ err: cause }, 'publish failed');

    const entry = JSON.parse(lines[0]!) as { level: string; msg: string; component: string; err: { type: string; message: string; stack: string } };
    expect(entry).toMatchObject({ level: 'error', msg: 'publish failed', component: 'kafka', err: { type: 'TypeError', message: 'socket hang up' } });
    expect(entry.err.stack).toContain('TypeError: socket hang up');
    expect(entry.err.stack).toContain('logger.test.ts');
  });

  it('drops lines below the level', () => {
    const { log, lines } = capture('json', 'info');
    log.debug('not shown');
    log.info('shown');
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['shown']);
  });

  it('pretty: human lines naming level and context, the error stack below its line', () => {
    const { log, lines } = capture('pretty', 'debug');
    const prober = log.child({ role: 'scanner' }).child({ component: 'prober' });
    prober.child({ websiteId: 42 }).warn('site slow');
    prober.error({ err: new Error('boom') }, 'probe crashed');

    expect(lines[0]).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] WARN: \[scanner\/prober\] site slow \{"websiteId":42\}$/);
    expect(lines[1]).toMatch(/ERROR: \[scanner\/prober\] probe crashed/);
    expect(lines.join('\n')).toContain('Error: boom');
    expect(lines.join('\n')).toMatch(/at .*logger\.test\.ts/);
    for (const line of lines) expect(line.startsWith('{')).toBe(false);
  });
});
