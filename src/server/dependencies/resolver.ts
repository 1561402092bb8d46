/**
 * Versions for the packages a project is missing (issue 33 item 1): each by the rule of
 * choose-version.ts, from Kiln's pnpm store and the npm registry, asked side by side. A package
 * the registry does not know, or that no source can give a version, is left out (its import then
 * fails the build as 'Package Not Found', naming it).
 */
import type { AddedPackage, DeclaredPackages, MissingPackage } from '../../core/dependencies/index.ts';
import { chooseVersion, familyRange } from './choose-version.ts';
import type { RegistryClient } from './registry.ts';
import type { StoreVersions } from './store-versions.ts';

export interface DependencyResolver {
  /** The packages to add with their versions, in the order asked; those without one are left out. */
  choose(missing: readonly MissingPackage[], declared: DeclaredPackages): Promise<AddedPackage[]>;
}

export function createDependencyResolver(deps: {
  registry: RegistryClient;
  store: StoreVersions;
  log?: (message: string) => void;
}): DependencyResolver {
  return {
    async choose(missing, declared) {
      const chosen = await Promise.all(
        missing.map(async (request): Promise<AddedPackage | null> => {
          const family = familyRange(request.name, declared);
          if (family !== null) return { name: request.name, version: family };
          const [answer, storeVersions] = await Promise.all([
            deps.registry.lookup(request.name),
            deps.store.versionsOf(request.name).catch(() => []),
          ]);
          if (answer.kind === 'absent') return null;
          if (answer.kind === 'unreachable') {
            deps.log?.(
              `dependencies: the registry could not be asked about ${request.name} (${answer.reason})`,
            );
          }
          const choice = chooseVersion({
            name: request.name,
            range: request.range,
            declared,
            storeVersions,
            registry: answer.kind === 'found' ? answer.versions : null,
          });
          return choice ? { name: request.name, version: choice.version } : null;
        }),
      );
      return chosen.filter((item): item is AddedPackage => item !== null);
    },
  };
}
