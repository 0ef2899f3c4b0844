import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger } from 'pino';

/** The levels LOG_LEVEL takes, quietest last. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogSettings = { level: (typeof LOG_LEVELS)[number]; format: 'json' | 'pretty' };

/** Fields that hold secrets, wherever they appear in what is logged. */
const SECRET_FIELDS = [
  'password',
  'token',
  'apiKey',
  'secret',
  'authorization',
  'cookie',
  'authConfig',
];

/** An error as logged: what it is and where it came from, never the values it carries. */
function errorFields(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code } = error as { code?: unknown };
  return { type: error.name, message: error.message, code, stack: error.stack };
}

/**
 * The process's logger: JSON lines (LOG_FORMAT=json, the default) or readable lines (pretty, as
 * `pnpm dev` sets), at LOG_LEVEL. Secret fields are replaced by [redacted] at any depth up to two,
 * and errors are logged by type, message and stack only.
 */
export function createLogger(settings: LogSettings, destination?: DestinationStream): Logger {
  const options = {
    level: settings.level,
    redact: {
      paths: SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
      censor: '[redacted]',
    },
    serializers: { err: errorFields },
  };
  if (settings.format === 'pretty' && !destination) {
    return pino({
      ...options,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss', singleLine: true },
      },
    });
  }
  return pino(options, destination ?? batchedStdout());
}

/** How long a log line may wait for others to share its write. */
const LOG_FLUSH_MS = 200;

/**
 * Standard output, written asynchronously in batches: lines gather until 4 KB or for at most
 * LOG_FLUSH_MS, so a busy server makes one write for many requests instead of one each. Pino
 * writes what is left when the process exits.
 */
function batchedStdout() {
  const stdout = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => stdout.flush(), LOG_FLUSH_MS).unref();
  return stdout;
}

/**
 * The logger for the one line per request: its fields (id, method, path, status, duration) hold
 * no secrets, so it skips the redaction that every other line goes through.
 */
export function requestLogger(log: Logger): Logger {
  return log.child({}, { redact: [] });
}
