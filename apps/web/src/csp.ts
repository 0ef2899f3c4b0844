import { z } from 'zod';

// The server's Content-Security-Policy forbids eval. zod would probe for it (new Function) the
// first time it parses an object, which the browser reports as a violation: tell it not to.
z.config({ jitless: true });
