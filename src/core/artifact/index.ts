export * from './markup.ts';
export * from './categories.ts';
export * from './binary-files.ts';
export {
  createArtifactParser,
  parseArtifactText,
  MAX_ARTIFACT_CONTENT_LENGTH,
  MAX_ARTIFACT_FILES,
  MAX_FILE_CONTENT_LENGTH,
  MAX_TAG_LENGTH,
  type ArtifactEvent,
  type ArtifactParser,
  type ArtifactParserOptions,
  type ParsedArtifactText,
  type ParsedFile,
  type ParsedFileHeader,
  type Segment,
} from './parser.ts';
export * from './serializer.ts';
export * from './file-tree.ts';
export * from './locks.ts';
