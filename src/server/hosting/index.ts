import type { Framework } from '../../core/frameworks/index.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { PreviewService } from '../preview/service.ts';
import type { Realtime } from '../realtime/events.ts';
import { parsePreviewHost } from '../preview/http/preview-host.ts';
import type { ProjectFile } from '../preview/content-hash.ts';
import { loadPreviewVersion } from '../preview/versions.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { createCustomDomainService, type CustomDomainService } from './custom-domains.ts';
import { createDeploymentService, type DeploymentService } from './deployments.ts';
import { createDnsLookup } from './dns-lookup.ts';
import { SiteCache } from './site-cache.ts';
import { SiteDirectory } from './site-directory.ts';
import { probeCertificate, readProbeCa } from './tls-probe.ts';

export { siteHostMiddleware } from './site-host.ts';
export { deploymentRoutes } from './deployment-routes.ts';
export { customDomainRoutes } from './domain-routes.ts';
export { tlsAskHandler } from './tls-ask.ts';
export type { DeploymentView } from './deployments.ts';
export type { CustomDomainView } from './custom-domains.ts';

/** Deployed sites and custom domains (issue 14), built once by the composition root. */
export interface Hosting {
  deployments: DeploymentService;
  customDomains: CustomDomainService;
  directory: SiteDirectory;
  cache: SiteCache;
  kilnHost: string;
  isPreviewHost: (host: string) => Promise<boolean>;
}

export function createHosting(deps: {
  config: Config;
  db: Database;
  preview: PreviewService;
  blobs: BlobStore;
  templateFiles: (framework: Framework) => Promise<ProjectFile[]>;
  /** Announces deployment and domain changes to every process (SiteDirectory). */
  realtime?: Realtime;
}): Hosting {
  const { config, db } = deps;
  const kilnHost = config.host.toLowerCase();
  const previewHosts = [config.previewHosts.preview, config.previewHosts.webcontainer];
  // Kiln's own names: the app answers there, and a site host's 404 under every other name.
  const appHosts = [kilnHost, new URL(config.publicUrl).hostname.toLowerCase()];
  const kiln = { host: kilnHost, previewHosts, appHosts };
  const directory = new SiteDirectory(db, kiln, deps.realtime);
  const cache = new SiteCache(deps.blobs, config.hosting.cacheBytes);
  const ca = readProbeCa(config.hosting.tlsProbeCaFile);
  const deployments = createDeploymentService({
    db,
    preview: deps.preview,
    blobs: deps.blobs,
    directory,
    templateFiles: deps.templateFiles,
    publicUrl: config.publicUrl,
    kilnHost,
    previewHosts,
    buildTimeoutMs: config.preview.buildTimeoutMs,
  });
  const customDomains = createCustomDomainService({
    db,
    directory,
    dns: createDnsLookup({ servers: config.hosting.dnsServers }),
    // The first handshake for a new name makes Caddy obtain its certificate: give it time.
    probe: (domain) =>
      probeCertificate({ ...config.hosting.tlsProbe, servername: domain, ca, timeoutMs: 20_000 }),
    kiln,
    publicIps: config.hosting.publicIps,
  });
  const isPreviewHost = async (host: string) => {
    const target = parsePreviewHost(host, deps.preview.hostSuffixes);
    if (!target || target.version === null) return false;
    return (await loadPreviewVersion(db, target.chatId, target.version)) !== null;
  };
  return { deployments, customDomains, directory, cache, kilnHost, isPreviewHost };
}
