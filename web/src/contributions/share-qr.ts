import qrcode from 'qrcode-generator';

/** A scalable SVG QR code of `url`, as a data URL for an <img> (the page CSP allows data: images). */
export function createQrCodeDataUrl(url: string): string {
  const code = qrcode(0, 'M');
  code.addData(url);
  code.make();
  const svg = code.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
