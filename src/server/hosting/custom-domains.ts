import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  customDomainReason,
  domainTakenReason,
  type KilnHosts,
} from '../../core/hosting/custom-domain-rules.ts';
import { evaluateDomainRecords, verificationTxtHost } from '../../core/hosting/domain-verification.ts';
import { sslStatusFrom, type ProbeResult, type SslStatus } from '../../core/hosting/ssl-status.ts';
import { normalizeCustomDomain, validateCustomDomain } from '../../core/validation/custom-domain.ts';
import { ERRORS } from '../../core/errors.ts';
import type { Database } from '../db/client.ts';
import { customDomains } from '../db/schema/index.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { requireChat } from '../chats/access.ts';
import { ServiceError } from '../http/errors.ts';
import type { RequestViewer } from '../http/viewer.ts';
import type { DnsLookup } from './dns-lookup.ts';
import type { SiteDirectory } from './site-directory.ts';

export interface CustomDomainDeps {
  db: Database;
  directory: SiteDirectory;
  dns: DnsLookup;
  /** A TLS handshake with the domain's SNI at Kiln's TLS front (tls-probe.ts). */
  probe: (domain: string) => Promise<ProbeResult>;
  kiln: KilnHosts;
  publicIps: readonly string[];
}

type CustomDomainRow = typeof customDomains.$inferSelect;

/** What the Custom Domain section shows (docs/api.md). */
export interface CustomDomainView {
  id: string;
  domain: string;
  verificationToken: string;
  isVerified: boolean;
  verifiedAt: string | null;
  sslStatus: SslStatus;
  createdAt: string;
  /** Spec §2: the two records to add, exactly as shown. */
  records: { txt: { host: string; value: string }; cname: { host: string; value: string } };
}

const SSL_STATUSES: readonly SslStatus[] = ['pending', 'active', 'expired', 'failed'];

/** Custom domains (spec §4 "Custom domain", §7; issue 14 item 3): one per chat, owner + premium. */
export function createCustomDomainService(deps: CustomDomainDeps) {
  const { db } = deps;

  function toView(row: CustomDomainRow): CustomDomainView {
    return {
      id: row.id,
      domain: row.domain,
      verificationToken: row.verificationToken,
      isVerified: row.isVerified,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      // Spec: 'unknown shown as Pending'.
      sslStatus: SSL_STATUSES.includes(row.sslStatus as SslStatus) ? (row.sslStatus as SslStatus) : 'pending',
      createdAt: row.createdAt.toISOString(),
      records: {
        txt: { host: verificationTxtHost(row.domain), value: row.verificationToken },
        cname: { host: row.domain, value: deps.kiln.host },
      },
    };
  }

  /** The chat whose claim of `domain` is verified (the unique partial index allows one), or null. */
  async function holderOf(domain: string): Promise<string | null> {
    const [holder] = await db
      .select({ chatId: customDomains.chatId })
      .from(customDomains)
      .where(and(eq(customDomains.domain, domain), eq(customDomains.isVerified, true)))
      .limit(1);
    return holder?.chatId ?? null;
  }

  /** checkCustomDomainAvailability(domain) → {available, reason}. */
  async function availability(input: string, exceptChatId?: string) {
    const checked = validateCustomDomain(input);
    if (!checked.ok) {
      if (checked.error.code === ERRORS.domainRequired.code) throw ServiceError.fromUserError(checked.error);
      return { available: false, reason: `${normalizeCustomDomain(input)} is not a valid domain name.` };
    }
    const domain = checked.value;
    const reason =
      customDomainReason(domain, deps.kiln) ??
      // Only a verified claim holds a name: other projects' pending claims never block one.
      domainTakenReason(domain, exceptChatId ?? null, await holderOf(domain));
    if (reason) return { available: false, reason };
    return { available: true, reason: null };
  }

  /** The row, if the viewer may use `capability` on its chat; a foreign domain is a 404 like a missing one. */
  async function requireDomain(
    viewer: RequestViewer,
    id: string,
    capability: 'manageCustomDomain' | 'removeCustomDomain',
  ): Promise<CustomDomainRow> {
    const [row] = await db.select().from(customDomains).where(eq(customDomains.id, id)).limit(1);
    if (!row) throw new ServiceError(404, 'not-found', 'Custom domain not found');
    try {
      await requireChat(db, viewer, row.chatId, capability);
    } catch (error) {
      // Someone else's domain does not exist for this viewer.
      if (error instanceof ServiceError && error.status === 403) {
        throw new ServiceError(404, 'not-found', 'Custom domain not found');
      }
      throw error;
    }
    return row;
  }

  async function update(id: string, values: Partial<typeof customDomains.$inferInsert>) {
    const [row] = await db.update(customDomains).set(values).where(eq(customDomains.id, id)).returning();
    deps.directory.changed();
    if (!row) throw new ServiceError(404, 'not-found', 'Custom domain not found');
    return row;
  }

  return {
    availability,
    toView,

    /** getCustomDomain(chatId): for whoever sees the private tabs (the owner). */
    async get(viewer: RequestViewer, chatId: string): Promise<CustomDomainView | null> {
      const chat = await requireChat(db, viewer, chatId, 'viewPrivateTabs');
      const [row] = await db.select().from(customDomains).where(eq(customDomains.chatId, chat.id)).limit(1);
      return row ? toView(row) : null;
    },

    /** addCustomDomain(chatId, domain) → {id, domain, verificationToken} (and the rest of the card). */
    async add(viewer: RequestViewer, chatId: string, input: string): Promise<CustomDomainView> {
      const chat = await requireChat(db, viewer, chatId, 'manageCustomDomain');
      if (!chat.isDeployed) {
        throw new ServiceError(
          409,
          'deployment-required',
          'Deploy the application before adding a custom domain.',
          {
            title: 'Deployment Required',
          },
        );
      }
      const checked = validateCustomDomain(input);
      if (!checked.ok && checked.error.code === ERRORS.domainRequired.code) {
        throw ServiceError.fromUserError(checked.error);
      }
      const free = await availability(input, chat.id);
      if (!free.available) throw ServiceError.fromUserError(ERRORS.domainUnavailable(free.reason), 409);
      const domain = normalizeCustomDomain(input);
      const [existing] = await db
        .select({ id: customDomains.id })
        .from(customDomains)
        .where(eq(customDomains.chatId, chat.id))
        .limit(1);
      if (existing) {
        throw new ServiceError(409, 'custom-domain-exists', 'One custom domain per project', {
          title: 'Failed to add domain',
        });
      }
      try {
        // Other projects' pending claims of the name stay: the first to verify holds it (issue 31).
        const [row] = await db
          .insert(customDomains)
          .values({
            id: randomUUID(),
            chatId: chat.id,
            domain,
            verificationToken: `kiln-verify-${randomBytes(16).toString('hex')}`,
          })
          .returning();
        return toView(row!);
      } catch (error) {
        // Two tabs adding one each: the unique chat index decides.
        if (isUniqueViolation(error)) {
          throw new ServiceError(409, 'custom-domain-exists', 'One custom domain per project', {
            title: 'Failed to add domain',
          });
        }
        throw error;
      }
    },

    /**
     * verifyCustomDomain(id) → {success, error, warning}: the TXT token and the routing record,
     * through DNS. A name another project verified first is that project's: this claim stays,
     * unverified, and is told so (issue 31 item 6).
     */
    async verify(viewer: RequestViewer, id: string) {
      const row = await requireDomain(viewer, id, 'manageCustomDomain');
      const taken = (chatId: string | null) => {
        const reason = domainTakenReason(row.domain, row.chatId, chatId);
        return reason ? { success: false, error: reason, warning: null, customDomain: toView(row) } : null;
      };
      if (!row.isVerified) {
        const refused = taken(await holderOf(row.domain));
        if (refused) return refused;
      }
      const { found, problems } = await deps.dns.records(row.domain);
      const result = evaluateDomainRecords({
        domain: row.domain,
        token: row.verificationToken,
        kilnHost: deps.kiln.host,
        publicIps: deps.publicIps,
        found,
        problems,
      });
      let current = row;
      if (result.success && !row.isVerified) {
        try {
          current = await update(row.id, { isVerified: true, verifiedAt: new Date() });
        } catch (error) {
          // Another claim of the name verified at the same moment: the unique index kept one.
          if (!isUniqueViolation(error)) throw error;
          const refused = taken(await holderOf(row.domain));
          if (refused) return refused;
          throw error;
        }
      }
      return { ...result, customDomain: toView(current) };
    },

    /** refreshSSLStatus(id) → {ssl_status}: a real handshake through Kiln's TLS front. */
    async refreshSsl(viewer: RequestViewer, id: string) {
      const row = await requireDomain(viewer, id, 'manageCustomDomain');
      let status: SslStatus = 'pending';
      if (row.isVerified) {
        status = sslStatusFrom(await deps.probe(row.domain), row.verifiedAt, new Date());
      }
      const current = status === row.sslStatus ? row : await update(row.id, { sslStatus: status });
      return { ssl_status: status, customDomain: toView(current) };
    },

    /** deleteCustomDomain(id). */
    async remove(viewer: RequestViewer, id: string) {
      const row = await requireDomain(viewer, id, 'removeCustomDomain');
      await db.delete(customDomains).where(eq(customDomains.id, row.id));
      deps.directory.changed();
      return { deleted: true };
    },
  };
}

export type CustomDomainService = ReturnType<typeof createCustomDomainService>;
