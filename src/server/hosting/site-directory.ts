import { and, eq } from 'drizzle-orm';
import { customDomainReason } from '../../core/hosting/custom-domain-rules.ts';
import { isKilnAppHost } from '../../core/hosting/site-hosts.ts';
import { isValidHostName } from '../../core/validation/custom-domain.ts';
import type { Database } from '../db/client.ts';
import { chats, customDomains } from '../db/schema/index.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import type { Realtime } from '../realtime/events.ts';

/** The realtime channel of deployment and domain changes: no chat has this id (ids are UUIDs). */
export const SITES_CHANNEL = '*sites';

/**
 * How long an answer is kept when no change is announced: only a bound on what a lost
 * notification (a dropped LISTEN connection) can leave behind. Changes themselves reach every
 * process at once through the realtime fan-out (issue 34).
 */
export const SITE_DIRECTORY_TTL_MS = 60_000;

/** A host Kiln serves a deployed site on. */
export interface SiteTarget {
  chatId: string;
  /** The deployed version (its app server's rebuild needs it, decision 0054); 0 when none. */
  version: number;
  /** The manifest id of the deployed files; null when the host names no deployed site. */
  siteId: string | null;
}

const NONE = { chatId: '', version: 0, siteId: null } satisfies SiteTarget;

/**
 * Which deployed site a host names: `{subdomain}.{KILN_HOST}` by the chats' unique subdomain
 * index, a custom domain by the custom_domains' unique domain index (verified, chat deployed).
 * Answers are remembered (negative ones too, so arbitrary Host headers cost one indexed read per
 * name), so a site's requests and Caddy's TLS asks answer from memory; a deploy, undeploy or
 * domain change anywhere (`changed()`) is announced on SITES_CHANNEL and every process forgets
 * them at once. A lookup that was under way when a change came is not kept: it may have read
 * the rows from before it.
 */
export class SiteDirectory {
  private readonly bySubdomain: TtlCache<string, SiteTarget>;
  private readonly byDomain: TtlCache<string, SiteTarget>;
  /** Counts the changes heard: a lookup keeps its answer only if none came while it read. */
  private epoch = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Database,
    private readonly kiln: {
      host: string;
      previewHosts: readonly string[];
      /** Kiln's own names, where the app answers: KILN_HOST (the default) and KILN_PUBLIC_URL's host. */
      appHosts?: readonly string[];
    },
    private readonly realtime?: Realtime,
    ttlMs = SITE_DIRECTORY_TTL_MS,
  ) {
    this.bySubdomain = new TtlCache(ttlMs, 50_000);
    this.byDomain = new TtlCache(ttlMs, 50_000);
    this.unsubscribe =
      realtime?.subscribe(SITES_CHANNEL, (event) => {
        if (event.type === 'sites-changed') this.forgetAll();
      }) ?? (() => undefined);
  }

  subdomain(subdomain: string): Promise<SiteTarget> {
    return this.remembered(this.bySubdomain, subdomain, () =>
      this.db
        .select({ chatId: chats.id, version: chats.deployedVersion, siteId: chats.deployedSite })
        .from(chats)
        .where(and(eq(chats.deploySubdomain, subdomain), eq(chats.isDeployed, true)))
        .limit(1),
    );
  }

  /** The cached answer, else the row `read` finds, kept unless a change came while it read. */
  private async remembered(
    cache: TtlCache<string, SiteTarget>,
    key: string,
    read: () => Promise<{ chatId: string; version: number | null; siteId: string | null }[]>,
  ): Promise<SiteTarget> {
    const now = Date.now();
    const cached = cache.get(key, now);
    if (cached) return cached;
    const epoch = this.epoch;
    const [row] = await read();
    const target = row ? { ...row, version: row.version ?? 0 } : NONE;
    if (epoch === this.epoch) cache.set(key, target, now);
    return target;
  }

  /** Whether the app answers `host` (no site, and no 404): one of Kiln's own names (site-hosts.ts). */
  isAppHost(host: string): boolean {
    return isKilnAppHost(host, this.kiln.appHosts ?? [this.kiln.host]);
  }

  /** A verified custom domain's site; NONE for every other host (and no query for names that cannot be one). */
  async customDomain(host: string): Promise<SiteTarget> {
    if (!isValidHostName(host) || customDomainReason(host, this.kiln) !== null) return NONE;
    return this.remembered(this.byDomain, host, () =>
      this.db
        .select({ chatId: chats.id, version: chats.deployedVersion, siteId: chats.deployedSite })
        .from(customDomains)
        .innerJoin(chats, eq(chats.id, customDomains.chatId))
        .where(
          and(eq(customDomains.domain, host), eq(customDomains.isVerified, true), eq(chats.isDeployed, true)),
        )
        .limit(1),
    );
  }

  /** After a deploy, update, undeploy or domain change: forgotten here, and announced to every process. */
  changed(): void {
    this.forgetAll();
    this.realtime?.publish({ type: 'sites-changed', chatId: SITES_CHANNEL });
  }

  /** Forgets every answer (a change announced by any process). */
  forgetAll(): void {
    this.epoch += 1;
    this.bySubdomain.clear();
    this.byDomain.clear();
  }

  close(): void {
    this.unsubscribe();
  }
}
