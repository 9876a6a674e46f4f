// The site's CSP has no 'unsafe-eval' (docs/security.md): zod would probe `new Function` before its
// first object parse, which the browser reports as a violation. Interpreted parsing is fast enough
// for forms. Zod reads this global when it first loads, so the shell sets it without importing zod
// (zod then loads only with the pages that parse: docs/performance.md, "Budgets"). Imported first
// by src/main.tsx.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
export {};
