export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(msg: string): void;
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
  child(component: string): Logger;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** One-line console logger: `time level [component] message`. */
export function createLogger(minLevel: LogLevel, component = 'census'): Logger {
  const write = (level: LogLevel, msg: string) => {
    if (ORDER[level] < ORDER[minLevel]) return;
    const line = `${new Date().toISOString()} ${level.padEnd(5)} [${component}] ${msg}`;
    if (level === 'error' || level === 'warn') console.error(line);
    else console.log(line);
  };
  return {
    debug: (m) => write('debug', m),
    info: (m) => write('info', m),
    warn: (m) => write('warn', m),
    error: (m) => write('error', m),
    child: (name) => createLogger(minLevel, name),
  };
}
