/** KILN_LOG_LEVEL's values (pino's levels); apart from logger.ts so config.ts loads no logger. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
