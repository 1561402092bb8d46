import { and, eq, sql } from 'drizzle-orm';
import { deployRefusal } from '../../core/hosting/deployable-version.ts';
import { reservedSubdomainReason } from '../../core/hosting/reserved-subdomains.ts';
import { customDomainUrl, deploymentSubdomainOf, subdomainUrl } from '../../core/hosting/site-hosts.ts';
import {
  validateDeploySelection,
  validateDeploymentUpdate,
  validateSubdomain,
} from '../../core/validation/index.ts';
import type { Framework } from '../../core/frameworks/index.ts';
import type { Database } from '../db/client.ts';
import { chats, customDomains } from '../db/schema/index.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { requireChat, type ChatRow } from '../chats/access.ts';
import { ServiceError } from '../http/errors.ts';
import type { RequestViewer } from '../http/viewer.ts';
import type { PreviewService } from '../preview/service.ts';
import type { ProjectFile } from '../preview/content-hash.ts';
import { MissingAssetError } from '../preview/blob-files.ts';
import { loadPreviewVersion, type PreviewVersion } from '../preview/versions.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { storeSite } from './site-manifest.ts';
import type { SiteDirectory } from './site-directory.ts';
import { readOutputFiles } from '../seam/sandbox-files.ts';
import { htmlSiteFiles } from './site-sources.ts';

export interface DeploymentDeps {
  db: Database;
  preview: PreviewService;
  blobs: BlobStore;
  directory: SiteDirectory;
  templateFiles: (framework: Framework) => Promise<ProjectFile[]>;
  publicUrl: string;
  /** KILN_HOST and the preview host names (their first label under KILN_HOST is reserved). */
  kilnHost: string;
  previewHosts: readonly string[];
  /** How long a deploy waits for the version's build. */
  buildTimeoutMs: number;
}

/** What the Deployment tab shows (docs/api.md). */
export interface DeploymentView {
  isDeployed: boolean;
  /** The verified custom domain, when there is one. */
  customDomain: string | null;
  subdomain: string | null;
  version: number | null;
  deployedAt: string | null;
  subdomainUrl: string | null;
  liveUrl: string | null;
}

const POLL_MS = 250;

const unavailable = () =>
  new ServiceError(409, 'subdomain-unavailable', 'This subdomain is already taken.', {
    title: 'Subdomain unavailable',
  });

/** Deploy, update, undeploy (spec §4 "Deployment", §7; issue 14 item 1). */
export function createDeploymentService(deps: DeploymentDeps) {
  const { db } = deps;
  const kilnLabels = deps.previewHosts.flatMap((host) => {
    const label = deploymentSubdomainOf(host, deps.kilnHost);
    return label ? [label] : [];
  });

  async function isTaken(subdomain: string, exceptChatId?: string): Promise<boolean> {
    const [row] = await db
      .select({ id: chats.id })
      .from(chats)
      .where(eq(chats.deploySubdomain, subdomain))
      .limit(1);
    return row !== undefined && row.id !== exceptChatId;
  }

  /** checkSubdomainAvailability: well-formed, not reserved, not taken. */
  async function checkSubdomain(subdomain: string, exceptChatId?: string) {
    const checked = validateSubdomain(subdomain, 'check');
    if (!checked.ok) throw ServiceError.fromUserError(checked.error);
    const reserved = reservedSubdomainReason(subdomain, kilnLabels);
    if (reserved) return { available: false, reason: reserved };
    if (await isTaken(subdomain, exceptChatId))
      return { available: false, reason: 'This subdomain is already taken.' };
    return { available: true, reason: null };
  }

  /**
   * The version's files stored as a site (the build waited for, or queued, first). Errors name
   * why a version cannot be deployed: not finished (core rule), failed to build.
   */
  async function pinVersion(version: PreviewVersion): Promise<string> {
    const refusal = deployRefusal(version.finishReason);
    if (refusal) {
      throw new ServiceError(409, 'version-not-finished', refusal, { title: 'Deployment failed' });
    }
    try {
      if (version.framework === 'html') {
        return await storeSite(deps.blobs, await htmlSiteFiles(version, deps.templateFiles, deps.blobs));
      }
      return await storeSite(deps.blobs, await readOutputFiles(await builtOutput(version)));
    } catch (error) {
      if (error instanceof MissingAssetError) {
        throw new ServiceError(422, 'build-failed', error.message, { title: 'Deployment failed' });
      }
      throw error;
    }
  }

  /** The built output folder, waiting for the build (getState queues it when nobody has). */
  async function builtOutput(version: PreviewVersion): Promise<string> {
    const deadline = Date.now() + deps.buildTimeoutMs + 30_000;
    for (;;) {
      // The clean build: a site never carries the preview's source locations (issue 17 item 2).
      const state = await deps.preview.getState(version.chatId, version.version, { clean: true });
      if (state.status === 'ready') {
        const dir = await deps.preview.outputDirOf(version, { clean: true });
        if (dir) return dir;
      } else if (state.status === 'error') {
        const error = state.error;
        throw new ServiceError(
          422,
          'build-failed',
          error ? `${error.title}: ${error.description}` : 'The version failed to build.',
          { title: 'Deployment failed', buildError: error?.title ?? 'Build Error' },
        );
      }
      if (Date.now() > deadline) {
        throw new ServiceError(504, 'build-timeout', 'The version took too long to build.', {
          title: 'Deployment failed',
        });
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async function loadVersion(chat: ChatRow, number: number): Promise<PreviewVersion> {
    const version = await loadPreviewVersion(db, chat.id, number);
    if (!version) throw new ServiceError(404, 'version-not-found', 'Version not found');
    return version;
  }

  /** Writes the deployment; the unique subdomain index decides a race (one wins, the other is told). */
  async function save(chatId: string, values: Partial<typeof chats.$inferInsert>): Promise<void> {
    try {
      await db
        .update(chats)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(chats.id, chatId));
    } catch (error) {
      if (isUniqueViolation(error)) throw unavailable();
      throw error;
    } finally {
      deps.directory.changed();
    }
  }

  async function view(
    chat: Pick<ChatRow, 'id' | 'isDeployed' | 'deploySubdomain' | 'deployedVersion' | 'deployedAt'>,
  ): Promise<DeploymentView> {
    if (!chat.isDeployed || !chat.deploySubdomain) {
      return {
        isDeployed: false,
        customDomain: null,
        subdomain: null,
        version: null,
        deployedAt: null,
        subdomainUrl: null,
        liveUrl: null,
      };
    }
    const [domain] = await db
      .select({ domain: customDomains.domain })
      .from(customDomains)
      .where(and(eq(customDomains.chatId, chat.id), eq(customDomains.isVerified, true)))
      .limit(1);
    const sub = subdomainUrl(deps.publicUrl, chat.deploySubdomain);
    return {
      isDeployed: true,
      customDomain: domain?.domain ?? null,
      subdomain: chat.deploySubdomain,
      version: chat.deployedVersion,
      deployedAt: chat.deployedAt?.toISOString() ?? null,
      subdomainUrl: sub,
      liveUrl: domain ? customDomainUrl(deps.publicUrl, domain.domain) : sub,
    };
  }

  async function reload(chatId: string): Promise<DeploymentView> {
    const [chat] = await db.select().from(chats).where(eq(chats.id, chatId)).limit(1);
    if (!chat) throw new ServiceError(404, 'not-found', 'Component not found');
    return view(chat);
  }

  return {
    checkSubdomain,
    view,

    /** ChatData.deployment: what every viewer's header badge links to. */
    async summary(chat: ChatRow) {
      if (!chat.isDeployed) return null;
      const { subdomain, version, subdomainUrl: sub, liveUrl, customDomain } = await view(chat);
      return { subdomain, version, subdomainUrl: sub, liveUrl, customDomain };
    },

    async get(viewer: RequestViewer, chatId: string): Promise<DeploymentView> {
      return view(await requireChat(db, viewer, chatId, 'viewPrivateTabs'));
    },

    /** deployComponent(chatId, subdomain, version). */
    async deploy(
      viewer: RequestViewer,
      chatId: string,
      input: { subdomain: string; version: number | null },
    ) {
      const chat = await requireChat(db, viewer, chatId, 'deploy');
      const subdomain = validateSubdomain(input.subdomain, 'deploy');
      if (!subdomain.ok) throw ServiceError.fromUserError(subdomain.error);
      const selected = validateDeploySelection(input.version);
      if (!selected.ok) throw ServiceError.fromUserError(selected.error);
      if (chat.isDeployed) {
        throw new ServiceError(
          409,
          'already-deployed',
          'This application is already deployed; update the deployment instead.',
          {
            title: 'Deployment failed',
          },
        );
      }
      const availability = await checkSubdomain(subdomain.value, chat.id);
      if (!availability.available) throw unavailable();
      const siteId = await pinVersion(await loadVersion(chat, selected.value));
      await save(chat.id, {
        isDeployed: true,
        deploySubdomain: subdomain.value,
        deployedVersion: selected.value,
        deployedSite: siteId,
        deployedAt: new Date(),
      });
      return reload(chat.id);
    },

    /** updateDeploymentSubdomain(chatId, subdomain, version or omitted). */
    async update(
      viewer: RequestViewer,
      chatId: string,
      input: { subdomain: string; version?: number | null },
    ) {
      const chat = await requireChat(db, viewer, chatId, 'updateDeployment');
      if (!chat.isDeployed || !chat.deploySubdomain || chat.deployedVersion === null) {
        throw new ServiceError(409, 'not-deployed', 'This application is not deployed.', {
          title: 'Failed to update deployment',
        });
      }
      const next = { subdomain: input.subdomain, version: input.version ?? chat.deployedVersion };
      const checked = validateDeploymentUpdate(
        { subdomain: chat.deploySubdomain, version: chat.deployedVersion },
        next,
      );
      if (!checked.ok) throw ServiceError.fromUserError(checked.error);
      const values: Partial<typeof chats.$inferInsert> = {};
      if (next.subdomain !== chat.deploySubdomain) {
        const availability = await checkSubdomain(next.subdomain, chat.id);
        if (!availability.available) throw unavailable();
        values.deploySubdomain = next.subdomain;
      }
      if (next.version !== chat.deployedVersion || !chat.deployedSite) {
        values.deployedSite = await pinVersion(await loadVersion(chat, next.version));
        values.deployedVersion = next.version;
      }
      values.deployedAt = new Date();
      await save(chat.id, values);
      return reload(chat.id);
    },

    /** undeployComponent(chatId): the subdomain is free again; the site's files stay in the store. */
    async undeploy(viewer: RequestViewer, chatId: string) {
      const chat = await requireChat(db, viewer, chatId, 'undeploy');
      await save(chat.id, {
        isDeployed: false,
        deploySubdomain: null,
        deployedVersion: null,
        deployedSite: null,
        deployedAt: null,
      });
      return reload(chat.id);
    },
  };
}

export type DeploymentService = ReturnType<typeof createDeploymentService>;
