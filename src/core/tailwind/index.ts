export {
  installedTailwind,
  mapTailwind3,
  relativePath,
  type MapTailwind3Options,
  type Tailwind3Mapping,
  type TailwindProjectFile,
} from './map-tailwind3.ts';
export {
  mapPostcssConfig,
  postcssPluginNames,
  type PostcssConfigMapping,
  type TailwindRoute,
} from './postcss-config.ts';
export {
  mapStylesheet,
  readStylesheet,
  type StylesheetChange,
  type StylesheetMapping,
} from './stylesheet.ts';
export { mergeOpacityUtilities } from './opacity-utilities.ts';
