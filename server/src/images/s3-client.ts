import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';

export type S3Config = {
  /** e.g. https://s3.eu-central-1.amazonaws.com, or a MinIO/R2 address; path-style requests. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding of one path segment, as S3 keys want it. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Signs requests with AWS Signature Version 4 through aws4fetch: header-based, the payload's SHA-256
 * signed rather than UNSIGNED-PAYLOAD. `datetime` (e.g. 20130524T000000Z) is for the test against
 * the S3 documentation's examples; requests are otherwise signed at the current time.
 */
export function createS3Signer(config: S3Config) {
  // One client: it keeps the day's derived signing key.
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
  });
  return (request: {
    method: string;
    url: URL;
    headers?: Record<string, string>;
    body?: Uint8Array;
    datetime?: string;
  }): Promise<Request> =>
    client.sign(request.url, {
      method: request.method,
      headers: { ...request.headers, 'x-amz-content-sha256': sha256(request.body ?? '') },
      body: request.body,
      aws: { datetime: request.datetime },
    });
}

/** PUT, GET and DELETE of whole objects in an S3-compatible bucket (path-style: endpoint/bucket/key). */
export function createS3Client(config: S3Config, fetchImpl: typeof fetch = fetch) {
  function objectUrl(key: string): URL {
    const base = config.endpoint.replace(/\/+$/, '');
    return new URL(`${base}/${encodeSegment(config.bucket)}/${key.split('/').map(encodeSegment).join('/')}`);
  }
  const sign = createS3Signer(config);
  return {
    async putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
      const request = await sign({
        method: 'PUT',
        url: objectUrl(key),
        headers: { 'content-type': contentType },
        body: bytes,
      });
      const response = await fetchImpl(request);
      if (!response.ok) throw new Error(`S3 PUT ${key} failed: ${response.status} ${await response.text()}`);
    },
    /** The object's bytes, or null when there is none. */
    async getObject(key: string): Promise<Uint8Array | null> {
      const response = await fetchImpl(await sign({ method: 'GET', url: objectUrl(key) }));
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 GET ${key} failed: ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
    /** Deletes the object; one that is already gone is fine (S3 answers 204 either way). */
    async deleteObject(key: string): Promise<void> {
      const response = await fetchImpl(await sign({ method: 'DELETE', url: objectUrl(key) }));
      if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${response.status}`);
    },
  };
}
