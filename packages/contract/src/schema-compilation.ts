import { z } from "zod";

/**
 * Zod compiles object parsers with `new Function` where it may, and probes for that on the
 * first parse. The web app's Content-Security-Policy forbids eval (`script-src 'self'`), so the
 * browser reports the probe as a violation even though zod catches it: the web app turns
 * compilation off before anything parses. The server keeps it (it is faster there).
 */
export function disableSchemaCompilation(): void {
  z.config({ jitless: true });
}
