import { chromium } from 'playwright';
import { statSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const path of process.argv.slice(2)) {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', (r) => { if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
  await page.goto(`http://localhost:3300${path}`, { waitUntil: 'networkidle' });
  let total = 0;
  const rows = [];
  for (const s of scripts) {
    const file = `../web/build/client${s}`;
    const size = existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file), { level: 9 }).length;
    total += size; rows.push(`${size} ${s}`);
  }
  console.log(path, (total / 1024).toFixed(1), 'KB gzip,', scripts.length, 'files');
  if (process.env.V) console.log(rows.join('\n'));
  await page.close();
}
await browser.close();
