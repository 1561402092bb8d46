import { z } from 'zod';

// The app's CSP allows no eval (src/server/http/app-headers.ts). Zod compiles object parsers with
// `new Function` when it can, and finding out is itself a CSP violation: it is told not to, here,
// before any schema is made (main.tsx imports this first).
z.config({ jitless: true });
