// The server's Content-Security-Policy forbids eval. zod would probe for it (new Function) the
// first time it builds an object schema, which the browser reports as a violation: tell it not to.
// zod 4 keeps its configuration in the object at globalThis.__zod_globalConfig (made on its first
// load unless one is there), so filling that object in here, before any chunk that imports zod
// runs, configures zod without loading it: zod stays out of the initial download.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const zodGlobal = globalThis as ZodGlobal;
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
