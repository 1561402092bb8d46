/**
 * The shape of lucide-icons.generated.ts (written by scripts/generate-lucide-icons.ts from the
 * packages themselves), and the name sets it describes.
 */
export interface LucidePackageData {
  version: string;
  license: string;
  /** Every icon is also exported as `{name}Icon`. */
  suffixForm: boolean;
  /** Every icon is also exported as `Lucide{name}`. */
  prefixForm: boolean;
  /** The package whose icons this one's are written against; the reference when absent. */
  base?: string;
  /** Space-separated icon names, added to and removed from the base's. */
  add: string;
  remove: string;
  /** Space-separated: every other name the package exports (components, helpers, types). */
  other: string;
}

export interface LucideData {
  /** The package whose icons `icons` lists. */
  reference: string;
  packages: Record<string, LucidePackageData>;
  /** By initial: space-separated icons, each one's names joined by '|' (its own name first). */
  icons: Record<string, string>;
}
