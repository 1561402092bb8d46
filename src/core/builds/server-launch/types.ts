/**
 * How a built project that needs a server is started (issue 22 item 3, decision 0054). Each
 * framework's rule reads what the build left and answers a launch, or null when the output is
 * not its kind (or is a faithful static export).
 */
export interface LaunchInput {
  /** Every regular file the build left, relative to the workspace, `/`-separated, node_modules excluded. */
  files: ReadonlySet<string>;
  /** The project's own package.json (scripts, dependencies), as written. */
  packageJson: {
    scripts?: Record<string, string>;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
}

export interface ServerLaunch {
  kind: 'node';
  /** argv relative to the workspace; argv[0] is `node` (the runtime runs Kiln's own Node). */
  command: string[];
  /** For the log and the Logs view: what runs, e.g. 'next start'. */
  label: string;
  /**
   * Variables the framework's server needs on top of the runtime's (PORT, HOST…): how it trusts
   * Kiln's proxy (its x-forwarded-* headers, the hosts it forwards). Never secrets.
   */
  env?: Record<string, string>;
}

export type LaunchRule = (input: LaunchInput) => ServerLaunch | null;
