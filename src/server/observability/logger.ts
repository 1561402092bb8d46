import { pino, type DestinationStream, type Logger } from 'pino';

import type { LogLevel } from './log-levels.ts';

export type { Logger };
export type LogDestination = DestinationStream;

/**
 * The server's structured log (issue 20 item 3): one JSON object a line on stdout (or `destination`,
 * tests), at KILN_LOG_LEVEL. Nothing pretty-printed: a collector reads it. Header and cookie values
 * are never logged (the access log names the route pattern, not the path or its query); the
 * redaction is a second guard for a caller that passes a request's headers by mistake.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['headers.cookie', 'headers.authorization', 'req.headers.cookie', 'req.headers.authorization'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** A `log(message)` callback (services take one) that writes at `level` through the logger. */
export function logLine(logger: Logger, level: 'info' | 'warn' | 'error' = 'info') {
  return (message: string) => logger[level](message);
}
