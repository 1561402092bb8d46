export {
  repairProject,
  type ProjectRepair,
  type RepairableFile,
  type RepairedProject,
  type RepairProjectOptions,
} from './repair-project.ts';
export { addMissingVueImports, VUE_APIS, VUE_COMPILER_MACROS } from './vue-imports.ts';
export { correctImportPaths } from './import-paths.ts';
export { RelativeResolver, configuredExtensions } from './relative-resolver.ts';
export { replaceUnknownIcons, iconReplacement } from './icon-imports.ts';
export { closestIcon } from './closest-icon.ts';
export { iconPackage, iconPackageNames, type IconPackage } from './lucide-icons.ts';
