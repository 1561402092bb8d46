import { describe, expect, it } from 'vitest';
import { integrationEndpoints } from './integration-endpoints.ts';

describe('integrationEndpoints', () => {
  it('names the host and port of each endpoint field, ports filled in from the scheme', () => {
    expect(
      integrationEndpoints([
        { providerId: 'postgres', values: { connectionString: 'postgresql://u:p@DB.example.com/app' } },
        { providerId: 'smtp', values: { host: 'smtp.example.com', port: 587, user: 'u', password: 'p' } },
        { providerId: 's3', values: { endpoint: 'https://s3.example.com', bucket: 'b' } },
      ]),
    ).toEqual(['db.example.com:5432', 'smtp.example.com:587', 's3.example.com:443']);
  });

  it('leaves out secrets, unknown providers and unparsable values', () => {
    expect(
      integrationEndpoints([
        { providerId: 'stripe', values: { secretKey: 'sk_test_1' } },
        { providerId: 'nope', values: { endpoint: 'https://x.example' } },
        { providerId: 'postgres', values: { connectionString: 'not a url' } },
      ]),
    ).toEqual([]);
  });
});
