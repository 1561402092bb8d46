/**
 * refreshSSLStatus's evidence (issue 14 item 4): a real TLS handshake with Kiln's TLS front
 * (Caddy, at KILN_TLS_PROBE_ADDRESS) naming the custom domain by SNI, the way a visitor's browser
 * would. What it found is turned into a status by core/hosting/ssl-status.ts.
 */
import fs from 'node:fs';
import tls from 'node:tls';
import type { ProbeResult } from '../../core/hosting/ssl-status.ts';

export async function probeCertificate(options: {
  host: string;
  port: number;
  servername: string;
  /** Roots trusted besides the system's (KILN_TLS_PROBE_CA: a staging ACME server's root). */
  ca?: string[];
  timeoutMs?: number;
}): Promise<ProbeResult> {
  const timeoutMs = options.timeoutMs ?? 5000;
  return new Promise<ProbeResult>((resolve) => {
    const socket = tls.connect({
      host: options.host,
      port: options.port,
      servername: options.servername,
      ca: [...tls.rootCertificates, ...(options.ca ?? [])],
      // The verdict is read below instead of failing the handshake, so that an expired
      // certificate is told apart from one nobody trusts.
      rejectUnauthorized: false,
      // The name is checked below (tls.checkServerIdentity), for a message that says what is wrong.
      checkServerIdentity: () => undefined,
      ALPNProtocols: ['http/1.1'],
    });
    let settled = false;
    const finish = (result: ProbeResult) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () =>
      finish({ kind: 'error', code: 'ETIMEDOUT', message: `No TLS answer within ${timeoutMs} ms` }),
    );
    socket.once('error', (error: NodeJS.ErrnoException) =>
      finish({ kind: 'error', code: error.code ?? 'ERR_TLS', message: error.message }),
    );
    socket.once('secureConnect', () => {
      finish(judge(socket, options.servername, new Date()));
    });
  });
}

function judge(socket: tls.TLSSocket, servername: string, now: Date): ProbeResult {
  const certificate = socket.getPeerCertificate();
  if (!certificate || Object.keys(certificate).length === 0) {
    return { kind: 'untrusted', message: 'The server sent no certificate' };
  }
  const validTo = new Date(certificate.valid_to);
  const validFrom = new Date(certificate.valid_from);
  const verifyError = socket.authorizationError ? String(socket.authorizationError) : null;
  if (verifyError === 'CERT_HAS_EXPIRED' || (verifyError === null && validTo.getTime() < now.getTime())) {
    return { kind: 'expired', validTo };
  }
  if (!socket.authorized) {
    return {
      kind: 'untrusted',
      message: `The certificate chain is not trusted (${verifyError ?? 'unknown'})`,
    };
  }
  if (validFrom.getTime() > now.getTime()) {
    return { kind: 'untrusted', message: `The certificate is not valid before ${validFrom.toISOString()}` };
  }
  const mismatch = tls.checkServerIdentity(servername, certificate);
  if (mismatch) return { kind: 'untrusted', message: mismatch.message };
  return { kind: 'valid', validTo };
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates of a PEM bundle (KILN_TLS_PROBE_CA); undefined when no file is configured. */
export function readProbeCa(file: string | undefined): string[] | undefined {
  if (file === undefined) return undefined;
  const certificates = fs.readFileSync(file, 'utf8').match(PEM_CERTIFICATE) ?? [];
  if (certificates.length === 0) throw new Error(`${file} holds no PEM certificate (KILN_TLS_PROBE_CA)`);
  return certificates;
}
