import { describe, expect, it } from 'vitest';
import { createS3Client, signS3Request } from './s3-client.ts';

const EXAMPLE = {
  endpoint: 'https://s3.amazonaws.com',
  bucket: 'examplebucket',
  region: 'us-east-1',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('Signature Version 4', () => {
  it('matches the GET Object example of the S3 documentation', () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, 'Example: GET Object'.
    const headers = signS3Request(EXAMPLE, {
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_SHA256,
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('puts, gets and deletes objects path-style, and reads a missing one as null', async () => {
    const objects = new Map<string, Uint8Array>();
    const seen: string[] = [];
    const fakeFetch = (async (input: URL | Request | string, init?: RequestInit) => {
      const url = String(input);
      const headers = init?.headers as Record<string, string>;
      seen.push(`${init?.method ?? 'GET'} ${url} ${headers.authorization?.split(' ')[0]}`);
      if (init?.method === 'PUT') {
        objects.set(url, init.body as Uint8Array);
        return new Response(null, { status: 200 });
      }
      if (init?.method === 'DELETE') {
        objects.delete(url);
        return new Response(null, { status: 204 });
      }
      const found = objects.get(url);
      return found ? new Response(new Uint8Array(found)) : new Response('NoSuchKey', { status: 404 });
    }) as typeof fetch;
    const client = createS3Client({ ...EXAMPLE, endpoint: 'http://minio.local:9000/' }, fakeFetch);
    await client.putObject('images/abc/320.webp', new Uint8Array([1, 2, 3]), 'image/webp');
    expect(await client.getObject('images/abc/320.webp')).toEqual(new Uint8Array([1, 2, 3]));
    expect(await client.getObject('images/abc/640.webp')).toBeNull();
    expect(seen[0]).toBe('PUT http://minio.local:9000/examplebucket/images/abc/320.webp AWS4-HMAC-SHA256');
    await client.deleteObject('images/abc/320.webp');
    expect(await client.getObject('images/abc/320.webp')).toBeNull();
    expect(seen).toContain('DELETE http://minio.local:9000/examplebucket/images/abc/320.webp AWS4-HMAC-SHA256');
  });
});
