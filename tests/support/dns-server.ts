/**
 * A real authoritative DNS server on 127.0.0.1 for the hosting tests (issue 14: "a real DNS server
 * started by the tests"), built on dns2. It answers from a record table the test changes while it
 * runs, over UDP and TCP on one random port, the way a zone's name server would: a name with a
 * CNAME answers it for every type (and the target's records when the table holds them), a name
 * with no records at all is NXDOMAIN, a name with other records answers an empty NOERROR.
 */
import dns2 from 'dns2';
import type { AddressInfo } from 'node:net';

type Packet = InstanceType<typeof dns2.Packet>;
type Question = Packet['questions'][number];
type Resource = Packet['answers'][number];
type Handler = (
  transport: 'udp' | 'tcp',
  request: Packet,
  send: (response: Packet) => Promise<Buffer>,
) => void;

export interface ZoneRecords {
  A?: string[];
  AAAA?: string[];
  CNAME?: string;
  /** Each record is its text, or its chunks (a long value split into strings of ≤ 255 bytes). */
  TXT?: (string | string[])[];
}

/** How the server treats a name: answer from the table, SERVFAIL, or never answer (a timeout). */
export type Behaviour = 'answer' | 'servfail' | 'drop';

export interface TestDnsServer {
  port: number;
  /** `127.0.0.1:{port}`: KILN_DNS_SERVERS, pebble's -dnsserver. */
  address: string;
  /** Replaces the records of `name` (null removes them: NXDOMAIN). */
  set(name: string, records: ZoneRecords | null): void;
  behave(name: string, behaviour: Behaviour): void;
  /** Every question asked so far, as `{udp|tcp} TYPE name`. */
  readonly queries: string[];
  close(): Promise<void>;
}

const { Packet } = dns2;
const TTL = 1;

/** `port`: a fixed port (an e2e server started before the test is pointed at it); default a random one. */
export async function startDnsServer(
  initial: Record<string, ZoneRecords> = {},
  { port: fixedPort = 0 }: { port?: number } = {},
): Promise<TestDnsServer> {
  const zone = new Map<string, ZoneRecords>();
  const behaviours = new Map<string, Behaviour>();
  const queries: string[] = [];
  for (const [name, records] of Object.entries(initial)) zone.set(normalize(name), records);

  const answer = (question: Question): { rcode: number; answers: Resource[] } | null => {
    const name = normalize(question.name);
    const behaviour = behaviours.get(name) ?? 'answer';
    if (behaviour === 'drop') return null;
    if (behaviour === 'servfail') return { rcode: Packet.RCODE.SERVFAIL, answers: [] };
    const records = zone.get(name);
    if (!records) return { rcode: Packet.RCODE.NXDOMAIN, answers: [] };
    const answers: Resource[] = [];
    if (records.CNAME !== undefined) {
      answers.push(resource(question, name, { type: Packet.TYPE.CNAME, domain: records.CNAME }));
      const target = zone.get(normalize(records.CNAME));
      if (question.type !== Packet.TYPE.CNAME && target) {
        answers.push(...recordsOfType(question, normalize(records.CNAME), target));
      }
    } else {
      answers.push(...recordsOfType(question, name, records));
    }
    return { rcode: Packet.RCODE.NOERROR, answers };
  };

  const handle: Handler = (transport, request, send) => {
    const [question] = request.questions;
    if (!question) return;
    const typeName = Packet.TYPE_NAME[question.type] ?? String(question.type);
    queries.push(`${transport} ${typeName} ${normalize(question.name)}`);
    const result = answer(question);
    if (result === null) return;
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    response.header.rcode = result.rcode;
    response.answers = result.answers;
    void send(response);
  };

  const { udp, tcp, port } = await listenOnOnePort(handle, fixedPort);
  return {
    port,
    address: `127.0.0.1:${port}`,
    set(name, records) {
      if (records === null) zone.delete(normalize(name));
      else zone.set(normalize(name), records);
    },
    behave(name, behaviour) {
      behaviours.set(normalize(name), behaviour);
    },
    queries,
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]);
    },
  };
}

function recordsOfType(question: Question, name: string, records: ZoneRecords): Resource[] {
  switch (question.type) {
    case Packet.TYPE.A:
      return (records.A ?? []).map((address) => resource(question, name, { type: Packet.TYPE.A, address }));
    case Packet.TYPE.AAAA:
      return (records.AAAA ?? []).map((address) =>
        resource(question, name, { type: Packet.TYPE.AAAA, address }),
      );
    case Packet.TYPE.TXT:
      return (records.TXT ?? []).map((data) => resource(question, name, { type: Packet.TYPE.TXT, data }));
    default:
      return [];
  }
}

function resource(question: Question, name: string, record: Partial<Resource>): Resource {
  return { name, class: question.class, ttl: TTL, ...record } as Resource;
}

function normalize(name: string): string {
  const lower = name.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/** UDP on a random (or the given) port, then TCP on the same one (another process may hold it: try again). */
async function listenOnOnePort(handle: Handler, fixedPort: number) {
  for (let attempt = 0; ; attempt++) {
    const udp = dns2.createUDPServer((request, send) => handle('udp', request, send));
    await udp.listen(fixedPort, '127.0.0.1');
    const { port } = udp.address();
    const tcp = dns2.createTCPServer((request, send) => handle('tcp', request, send));
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(port, '127.0.0.1', () => resolve());
      });
      return { udp, tcp, port: (tcp.address() as AddressInfo).port };
    } catch (error) {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      if (fixedPort !== 0 || attempt >= 20) throw error;
    }
  }
}
