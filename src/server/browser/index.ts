export {
  createBrowserService,
  BrowserUnavailableError,
  CHROMIUM_FLAGS,
  PAGE_DEFAULTS,
  type BrowserService,
  type BrowserServiceOptions,
  type PageOptions,
  type PageSession,
} from './service.ts';
export type { LocalFetch, PageLimits, PageUsage } from './page-limits.ts';
