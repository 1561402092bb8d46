/**
 * Certificates for the hosting tests, made by Debian's openssl: a CA of the test's own and leaf
 * certificates it signs (valid, expired, for other names). Pebble's own HTTPS listener uses one;
 * the TLS probe tests handshake with servers holding the others.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface TestCertificate {
  cert: string;
  key: string;
  certFile: string;
  keyFile: string;
}

export interface TestCa extends TestCertificate {
  /** A leaf for these DNS names (and IP addresses), signed by this CA. `expired`: it ended yesterday. */
  issue(options: { names: string[]; ips?: string[]; expired?: boolean }): TestCertificate;
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function openssl(args: string[]): void {
  execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function read(certFile: string, keyFile: string): TestCertificate {
  return {
    cert: fs.readFileSync(certFile, 'utf8'),
    key: fs.readFileSync(keyFile, 'utf8'),
    certFile,
    keyFile,
  };
}

/** A self-signed CA in `dir` (created when missing). */
export function createTestCa(dir: string, commonName = 'Kiln Test CA'): TestCa {
  fs.mkdirSync(dir, { recursive: true });
  const base = path.join(dir, `ca-${randomUUID()}`);
  const caCert = `${base}.pem`;
  const caKey = `${base}.key`;
  openssl([
    'req',
    '-x509',
    ...EC_KEY,
    '-keyout',
    caKey,
    '-out',
    caCert,
    '-days',
    '30',
    '-subj',
    `/CN=${commonName}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  return {
    ...read(caCert, caKey),
    issue({ names, ips = [], expired = false }) {
      const leaf = path.join(dir, `leaf-${randomUUID()}`);
      const san = [...names.map((name) => `DNS:${name}`), ...ips.map((ip) => `IP:${ip}`)].join(',');
      fs.writeFileSync(
        `${leaf}.ext`,
        [
          `subjectAltName=${san}`,
          'basicConstraints=critical,CA:FALSE',
          'keyUsage=critical,digitalSignature',
          'extendedKeyUsage=serverAuth',
        ].join('\n'),
      );
      openssl([
        'req',
        ...EC_KEY,
        '-keyout',
        `${leaf}.key`,
        '-out',
        `${leaf}.csr`,
        '-subj',
        `/CN=${names[0] ?? ips[0]}`,
      ]);
      // openssl 3.0 has no -not_after: a negative number of days ends the certificate in the past.
      openssl([
        'x509',
        '-req',
        '-in',
        `${leaf}.csr`,
        '-CA',
        caCert,
        '-CAkey',
        caKey,
        '-days',
        expired ? '-1' : '30',
        '-extfile',
        `${leaf}.ext`,
        '-out',
        `${leaf}.pem`,
      ]);
      return read(`${leaf}.pem`, `${leaf}.key`);
    },
  };
}
