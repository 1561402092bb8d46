import type { CustomDomain, DnsRecord } from '../../../data/deployment-types.ts';
import { CopyValueButton } from './copy-value-button.tsx';

function RecordField({ name, type, value }: { name: 'Host' | 'Value'; type: string; value: string }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <dt className="w-11 shrink-0 text-xs text-muted-foreground">{name}</dt>
      <dd className="flex min-w-0 flex-1 items-center gap-2">
        <code className="block min-w-0 flex-1 rounded-md bg-muted px-2 py-1 font-mono text-xs break-all">
          {value}
        </code>
        <CopyValueButton value={value} label={`Copy ${type} ${name.toLowerCase()}`} />
      </dd>
    </div>
  );
}

function Record({ type, record, purpose }: { type: 'TXT' | 'CNAME'; record: DnsRecord; purpose: string }) {
  return (
    <li className="flex flex-col gap-1.5 rounded-lg border bg-background p-2.5" aria-label={`${type} record`}>
      <p className="flex items-baseline gap-2 text-xs">
        <span className="rounded bg-primary px-1.5 py-px font-mono font-semibold text-primary-foreground">
          {type}
        </span>
        <span className="text-muted-foreground">{purpose}</span>
      </p>
      <dl className="flex flex-col gap-1">
        <RecordField name="Host" type={type} value={record.host} />
        <RecordField name="Value" type={type} value={record.value} />
      </dl>
    </li>
  );
}

/**
 * Spec §2: the two DNS records of an unverified domain, with copy buttons — a TXT record
 * `_kiln-verify.{domain}` holding the verification token, and a CNAME `{domain}` → Kiln's host.
 */
export function DnsRecords({ customDomain }: { customDomain: CustomDomain }) {
  const { txt, cname } = customDomain.records;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-[13px] font-medium">Add these DNS records at your domain provider:</p>
      <ul className="flex flex-col gap-2">
        <Record type="TXT" record={txt} purpose="proves you own the domain" />
        <Record type="CNAME" record={cname} purpose="points the domain to this application" />
      </ul>
      <p className="text-xs leading-snug text-muted-foreground">
        DNS propagation can take up to 48 hours, though it is usually much quicker. Verify once both records
        are in place.
      </p>
    </div>
  );
}
