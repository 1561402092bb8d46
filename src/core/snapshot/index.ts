export { type Snapshot, type SnapshotFile, parseSnapshot, serializeSnapshot } from '../artifact/index.ts';
export * from './merge-continuation.ts';
export * from './derive.ts';
export * from './completeness.ts';
export * from './prompts.ts';
export * from './version-end.ts';
