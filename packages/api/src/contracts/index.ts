/**
 * The contracts shared with the web app (`@flows/api/contracts`): zod schemas of what the API
 * takes and answers, with the constants and rules they are made of. Browser-safe: nothing here
 * (or anything it imports) touches Node, the database or the server; `browser-safe.test.ts`
 * checks that.
 */
export * from './auth';
export * from './files';
export * from './flow';
export * from './flow-views';
export * from './integration-views';
export * from './integrations';
export * from './json';
export * from './tokens';
