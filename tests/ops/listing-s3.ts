import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeS3 } from '../fixtures/fake-s3.ts';

/**
 * The suite's loopback S3 (tests/fixtures/fake-s3.ts) plus ListObjectsV2, which a backup of the
 * bucket needs (scripts/blob-sync.ts): listings are answered from its objects, `pageSize` keys a
 * page so the continuation is exercised, and every other request is passed through to it.
 */
export async function startListingS3(pageSize = 2) {
  const fake = await startFakeS3();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const bucket = url.pathname.split('/').filter(Boolean);
    if (req.method === 'GET' && bucket.length === 1 && url.searchParams.get('list-type') === '2') {
      const prefix = `/${bucket[0]}/`;
      const keys = [...fake.objects.keys()]
        .filter((key) => key.startsWith(prefix))
        .map((key) => key.slice(prefix.length))
        .sort();
      const after = url.searchParams.get('continuation-token') ?? '';
      const rest = keys.filter((key) => key > after);
      const page = rest.slice(0, pageSize);
      const truncated = rest.length > page.length;
      const contents = page
        .map(
          (key) =>
            `<Contents><Key>${escapeXml(key)}</Key><Size>${fake.objects.get(prefix + key)!.body.length}</Size></Contents>`,
        )
        .join('');
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket[0]}</Name><KeyCount>${page.length}</KeyCount>` +
          `<IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : ''}` +
          `${contents}</ListBucketResult>`,
      );
      return;
    }
    const forward = http.request(
      `${fake.endpoint}${req.url}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects: fake.objects,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fake.close();
    },
  };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
