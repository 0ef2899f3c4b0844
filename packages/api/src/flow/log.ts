/** Where runs report what happens to them: the server's logger (pino's shape). */
export type FlowLog = {
  info: (fields: Record<string, unknown>, message: string) => void;
  warn: (fields: Record<string, unknown>, message: string) => void;
  error: (fields: Record<string, unknown>, message: string) => void;
};

/** Reports on the console, for callers without a logger. */
export const consoleFlowLog: FlowLog = {
  info: (fields, message) => console.log(message, fields),
  warn: (fields, message) => console.warn(message, fields),
  error: (fields, message) => console.error(message, fields),
};
