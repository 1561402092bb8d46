export {
  createPreviewService,
  PREVIEW_JOB,
  type PreviewService,
  type PreviewServiceDeps,
  type PreviewState,
} from './service.ts';
export { previewHostMiddleware, parsePreviewHost } from './http/preview-host.ts';
export { contentRoutes } from './http/content-routes.ts';
export { previewApiRoutes } from './http/api-routes.ts';
export { createPreviewToken, verifyPreviewToken } from './preview-token.ts';
