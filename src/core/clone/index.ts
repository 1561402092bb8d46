export { detectCloneUrl, parseCloneUrl } from './url.ts';
export {
  CLONE_STEPS,
  CLONE_TEXTS,
  CLONE_TICKS,
  cloneStep,
  fallbackNotice,
  isCloneStep,
  tickInterval,
  tickPercent,
  type CloneStepId,
} from './progress.ts';
export {
  buildClonePrompt,
  limitContent,
  limitExtraction,
  readCloneReference,
  CLONE_CONTENT_END,
  CLONE_CONTENT_START,
  CONTENT_LIMITS,
  type CloneState,
  type PageContent,
  type PageExtraction,
  type PagePalette,
  type PageSection,
} from './extraction.ts';
export { findPrices, isOnlyPrices } from './prices.ts';
export { contrastRatio, readableOn, relativeLuminance } from './contrast.ts';
