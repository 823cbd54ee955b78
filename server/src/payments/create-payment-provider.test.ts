import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../lib/env.ts';
import { createLogger } from '../lib/logger.ts';
import { createHttpWebhookDelivery, getSandboxWebhookUrl } from './create-payment-provider.ts';

describe('where the sandbox posts its webhooks', () => {
  it("posts to the server's own port on the loopback, not to APP_URL (unreachable inside a container)", () => {
    const env = parseEnv({ APP_URL: 'https://staging.firstday.app', PORT: '8080' });
    expect(getSandboxWebhookUrl(env)).toBe('http://127.0.0.1:8080/api/payments/webhooks/sandbox');
    expect(getSandboxWebhookUrl(parseEnv({ PORT: '8080', HOST: '10.0.0.5' }))).toBe(
      'http://10.0.0.5:8080/api/payments/webhooks/sandbox',
    );
    expect(getSandboxWebhookUrl(parseEnv({ PORT: '8080', HOST: '::1' }))).toBe(
      'http://[::1]:8080/api/payments/webhooks/sandbox',
    );
    expect(getSandboxWebhookUrl(parseEnv({ SANDBOX_WEBHOOK_URL: 'http://app:3000/hook', PORT: '8080' }))).toBe(
      'http://app:3000/hook',
    );
  });

  it('reaches a server listening on that port while APP_URL points nowhere', async () => {
    const received: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push(`${req.url} ${body}`);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const env = parseEnv({ APP_URL: 'http://firstday.invalid', PORT: String(port) });
      const delivery = createHttpWebhookDelivery(getSandboxWebhookUrl(env), createLogger('silent'));
      await delivery.deliver('{"id":"evt_1"}', { 'content-type': 'application/json' });
      expect(received).toEqual(['/api/payments/webhooks/sandbox {"id":"evt_1"}']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
