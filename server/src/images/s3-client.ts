import { createHash, createHmac } from 'node:crypto';

export type S3Config = {
  /** e.g. https://s3.eu-central-1.amazonaws.com, or a MinIO/R2 address; path-style requests. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of one path segment, as Signature V4 wants it. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * AWS Signature Version 4 headers for one request (header-based, payload hashed). Exported for
 * its test against the example in the S3 documentation.
 */
export function signS3Request(
  config: S3Config,
  request: { method: string; url: URL; headers: Record<string, string>; payloadHash: string; now: Date },
): Record<string, string> {
  const amzDate = request.now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value.trim()])),
    host: request.url.host,
    'x-amz-content-sha256': request.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const query = [...request.url.searchParams]
    .map(([name, value]) => `${encodeSegment(name)}=${encodeSegment(value)}`)
    .sort()
    .join('&');
  const canonical = [
    request.method,
    request.url.pathname,
    query,
    ...names.map((name) => `${name}:${headers[name]}`),
    '',
    names.join(';'),
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${config.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${config.secretAccessKey}`, day), config.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${config.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

/** PUT, GET and DELETE of whole objects in an S3-compatible bucket (path-style: endpoint/bucket/key). */
export function createS3Client(config: S3Config, fetchImpl: typeof fetch = fetch) {
  function objectUrl(key: string): URL {
    const base = config.endpoint.replace(/\/+$/, '');
    return new URL(`${base}/${encodeSegment(config.bucket)}/${key.split('/').map(encodeSegment).join('/')}`);
  }
  return {
    async putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
      const url = objectUrl(key);
      const headers = signS3Request(config, {
        method: 'PUT',
        url,
        headers: { 'content-type': contentType },
        payloadHash: sha256(bytes),
        now: new Date(),
      });
      const response = await fetchImpl(url, { method: 'PUT', headers, body: bytes });
      if (!response.ok) throw new Error(`S3 PUT ${key} failed: ${response.status} ${await response.text()}`);
    },
    /** The object's bytes, or null when there is none. */
    async getObject(key: string): Promise<Uint8Array | null> {
      const url = objectUrl(key);
      const headers = signS3Request(config, {
        method: 'GET',
        url,
        headers: {},
        payloadHash: sha256(''),
        now: new Date(),
      });
      const response = await fetchImpl(url, { headers });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 GET ${key} failed: ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
    /** Deletes the object; one that is already gone is fine (S3 answers 204 either way). */
    async deleteObject(key: string): Promise<void> {
      const url = objectUrl(key);
      const headers = signS3Request(config, {
        method: 'DELETE',
        url,
        headers: {},
        payloadHash: sha256(''),
        now: new Date(),
      });
      const response = await fetchImpl(url, { method: 'DELETE', headers });
      if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${response.status}`);
    },
  };
}
