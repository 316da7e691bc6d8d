import { z } from 'zod';

/**
 * The zod every contract module uses. In browsers the site's CSP forbids eval; zod compiles
 * object parsers with `new Function` (and probes for it when a schema is made), which the CSP
 * reports as a violation. Browsers therefore run zod without its JIT; the server keeps it.
 * Contract modules import `z` from here, so this runs before any schema exists.
 */
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
