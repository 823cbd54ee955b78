import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createS3Client, createS3Signer } from './s3-client.ts';

// The examples of docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html: their
// credentials, bucket, time and expected signatures.
const EXAMPLE = {
  endpoint: 'https://s3.amazonaws.com',
  bucket: 'examplebucket',
  region: 'us-east-1',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
const DATETIME = '20130524T000000Z';
const CREDENTIAL = 'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request';

describe('Signature Version 4 (aws4fetch)', () => {
  const sign = createS3Signer(EXAMPLE);

  it("matches the documentation's PUT Object example: a signed payload and the caller's headers", async () => {
    const body = new TextEncoder().encode('Welcome to Amazon S3.');
    const request = await sign({
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      body,
      datetime: DATETIME,
    });
    expect(request.headers.get('x-amz-content-sha256')).toBe(
      '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    );
    expect(request.headers.get('authorization')).toBe(
      `${CREDENTIAL}, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, ` +
        'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
    expect(new Uint8Array(await request.arrayBuffer())).toEqual(body);
  });

  it("matches the documentation's GET Bucket Lifecycle and List Objects examples (query strings)", async () => {
    const signatureOf = async (query: string) => {
      const request = await sign({
        method: 'GET',
        url: new URL(`https://examplebucket.s3.amazonaws.com/?${query}`),
        datetime: DATETIME,
      });
      return request.headers.get('authorization');
    };
    expect(await signatureOf('lifecycle')).toBe(
      `${CREDENTIAL}, SignedHeaders=host;x-amz-content-sha256;x-amz-date, ` +
        'Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    );
    expect(await signatureOf('max-keys=2&prefix=J')).toBe(
      `${CREDENTIAL}, SignedHeaders=host;x-amz-content-sha256;x-amz-date, ` +
        'Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });

  it('signs the time of the request by default, and a different key or body signs differently', async () => {
    const url = new URL('https://s3.amazonaws.com/examplebucket/images/a.webp');
    const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');
    const before = today();
    const now = await sign({ method: 'PUT', url, body: new Uint8Array([1]) });
    expect([before, today()]).toContain(now.headers.get('x-amz-date')?.slice(0, 8));
    const signature = async (request: Parameters<typeof sign>[0]) =>
      (await sign({ ...request, datetime: DATETIME })).headers.get('authorization');
    const base = await signature({ method: 'PUT', url, body: new Uint8Array([1]) });
    expect(await signature({ method: 'PUT', url, body: new Uint8Array([2]) })).not.toBe(base);
    expect(await signature({ method: 'PUT', url: new URL(`${url}x`), body: new Uint8Array([1]) })).not.toBe(base);
  });
});

describe('the S3 client', () => {
  it('puts, gets and deletes objects path-style with signed payloads, and reads a missing one as null', async () => {
    const objects = new Map<string, Uint8Array>();
    const seen: string[] = [];
    const fakeFetch = (async (input: URL | Request | string) => {
      const request = input as Request;
      const body = new Uint8Array(await request.arrayBuffer());
      // What S3 checks first: the signed payload hash is the body's.
      expect(request.headers.get('x-amz-content-sha256')).toBe(createHash('sha256').update(body).digest('hex'));
      seen.push(`${request.method} ${request.url} ${request.headers.get('authorization')?.split(' ')[0]}`);
      if (request.method === 'PUT') {
        expect(request.headers.get('content-type')).toBe('image/webp');
        objects.set(request.url, body);
        return new Response(null, { status: 200 });
      }
      if (request.method === 'DELETE') {
        objects.delete(request.url);
        return new Response(null, { status: 204 });
      }
      const found = objects.get(request.url);
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

  it("sends the signed request through Node's own fetch, body and headers intact", async () => {
    const received: Array<{ method?: string; url?: string; headers: Record<string, unknown>; body: Buffer }> = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: Buffer.concat(chunks),
        });
        response.statusCode = request.method === 'GET' ? 200 : 204;
        response.end(request.method === 'GET' ? 'stored bytes' : undefined);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = createS3Client({ ...EXAMPLE, endpoint: `http://127.0.0.1:${port}` });
      await client.putObject('images/a b/1.webp', new Uint8Array([7, 8, 9]), 'image/webp');
      expect(new TextDecoder().decode((await client.getObject('images/a b/1.webp')) ?? undefined)).toBe('stored bytes');
      const [put, get] = received;
      expect(put).toMatchObject({ method: 'PUT', url: '/examplebucket/images/a%20b/1.webp' });
      expect([...(put?.body ?? [])]).toEqual([7, 8, 9]);
      expect(put?.headers['content-type']).toBe('image/webp');
      expect(put?.headers['x-amz-content-sha256']).toBe(
        createHash('sha256')
          .update(put?.body ?? '')
          .digest('hex'),
      );
      // aws4fetch signs host and the x-amz-* headers, not content-type (nor range, user-agent…).
      expect(put?.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      );
      expect(get).toMatchObject({ method: 'GET', url: '/examplebucket/images/a%20b/1.webp' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reports a refused request with its status', async () => {
    const refuse = (async () => new Response('SignatureDoesNotMatch', { status: 403 })) as typeof fetch;
    const client = createS3Client(EXAMPLE, refuse);
    await expect(client.putObject('images/x', new Uint8Array([1]), 'image/webp')).rejects.toThrow(
      'S3 PUT images/x failed: 403 SignatureDoesNotMatch',
    );
    await expect(client.getObject('images/x')).rejects.toThrow('S3 GET images/x failed: 403');
  });
});
