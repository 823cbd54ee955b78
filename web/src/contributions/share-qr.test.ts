import { describe, expect, it } from 'vitest';
import { createQrCodeDataUrl } from './share-qr.ts';

describe('createQrCodeDataUrl', () => {
  it('encodes the link as an SVG QR code', () => {
    const dataUrl = createQrCodeDataUrl('http://localhost:3000/c/AbCdEf123456');
    expect(dataUrl.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    const svg = decodeURIComponent(dataUrl.split(',')[1]!);
    expect(svg).toContain('<svg');
    expect(svg).toContain('<path');
  });

  it('gives different codes for different links', () => {
    expect(createQrCodeDataUrl('http://a.example/c/1')).not.toBe(createQrCodeDataUrl('http://a.example/c/2'));
  });
});
