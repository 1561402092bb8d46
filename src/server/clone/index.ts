export { createCloneService, CLONE_JOB, CLONE_PLACEHOLDER_VERSION, type CloneService } from './service.ts';
export { createFetchPage, type FetchPage, type FetchedPage } from './fetch-page.ts';
export { cloneRoutes } from './routes.ts';
