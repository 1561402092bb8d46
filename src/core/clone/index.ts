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
  limitExtraction,
  readCloneReference,
  CLONE_CONTENT_END,
  CLONE_CONTENT_START,
  type CloneState,
  type PageExtraction,
} from './extraction.ts';
