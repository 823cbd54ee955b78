import { describe, expect, it } from 'vitest';
import { pickForwardedValue } from './client-ip.ts';

describe('pickForwardedValue', () => {
  it('takes what the trusted proxies saw, never what the client wrote in front of it', () => {
    // The client sends 'X-Forwarded-For: 1.1.1.1'; our one proxy appends the real address.
    expect(pickForwardedValue('1.1.1.1, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(pickForwardedValue('203.0.113.7', 1)).toBe('203.0.113.7');
    // Two trusted proxies (CDN + load balancer): the second-rightmost is the client.
    expect(pickForwardedValue('1.1.1.1, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    // Fewer entries than trusted hops: the leftmost (the proxies wrote them all).
    expect(pickForwardedValue('203.0.113.7', 3)).toBe('203.0.113.7');
  });

  it('ignores the header when no proxy is trusted, or when it is empty', () => {
    expect(pickForwardedValue('1.1.1.1', 0)).toBeUndefined();
    expect(pickForwardedValue(undefined, 1)).toBeUndefined();
    expect(pickForwardedValue(' , ', 1)).toBeUndefined();
  });

  it('reads X-Forwarded-Proto the same way', () => {
    expect(pickForwardedValue('https, http', 1)).toBe('http');
    expect(pickForwardedValue('https', 1)).toBe('https');
  });
});
