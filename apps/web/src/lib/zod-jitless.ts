/**
 * Turns zod's JIT off before zod loads (pages with forms load it later). Its fast parser is built with
 * `new Function`, which our Content-Security-Policy forbids: zod falls back by itself, but Chrome reports
 * the attempt as a CSP violation on every form page. Zod reads this global as its config when it loads
 * (`z.config({ jitless: true })` does the same, but needs zod itself in the first page's JavaScript).
 */
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
