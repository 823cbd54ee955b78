// `npm run bench:web`: Lighthouse (mobile, default throttling) on the landing page of the built
// product, plus the JavaScript the page loads before interaction (gzip) and its total transfer.
// Prints the figures and whether each target of the marketing issue is met.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startProductServer } from './start-server.mjs';

const PAGE = process.argv[2] ?? '/';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const webDist = process.env.WEB_DIST ?? 'web/build/client';
if (!existsSync(`${webDist}/index.html`)) execSync('npm run build', { stdio: 'inherit' });
const server = await startProductServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(`${server.url}${PAGE}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    // A run Lighthouse could not complete (e.g. NO_NAVSTART) has no figures; do not let it skew the median.
    if (result.lhr.runtimeError) process.stderr.write(`run ${i + 1} failed: ${result.lhr.runtimeError.code}\n`);
    else runs.push(result.lhr);
  }

  if (runs.length === 0) throw new Error('every Lighthouse run failed');
  const score = (lhr, id) => Math.round(lhr.categories[id].score * 100);
  const audit = (lhr, id) => lhr.audits[id].numericValue;
  const figures = {
    performance: median(runs.map((lhr) => score(lhr, 'performance'))),
    accessibility: median(runs.map((lhr) => score(lhr, 'accessibility'))),
    bestPractices: median(runs.map((lhr) => score(lhr, 'best-practices'))),
    seo: median(runs.map((lhr) => score(lhr, 'seo'))),
    lcpMs: median(runs.map((lhr) => audit(lhr, 'largest-contentful-paint'))),
    cls: median(runs.map((lhr) => audit(lhr, 'cumulative-layout-shift'))),
    tbtMs: median(runs.map((lhr) => audit(lhr, 'total-blocking-time'))),
    totalTransferKB: median(runs.map((lhr) => audit(lhr, 'total-byte-weight'))) / 1024,
  };

  // The scripts the page loaded, measured again as gzip (the target is stated in gzip bytes).
  const requests = runs[0].audits['network-requests'].details.items;
  const scriptUrls = requests.filter((item) => item.resourceType === 'Script').map((item) => item.url);
  let scriptGzipBytes = 0;
  for (const url of scriptUrls) {
    // fetch() decodes the body, so count the encoded bytes from Content-Length (precompressed files
    // always carry it); without gzip from the server, the decoded size is the honest figure.
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    const encoded = response.headers.get('content-encoding') === 'gzip' ? response.headers.get('content-length') : null;
    scriptGzipBytes += encoded ? Number(encoded) : (await response.arrayBuffer()).byteLength;
  }
  figures.scriptsLoaded = scriptUrls.length;
  figures.jsGzipKB = scriptGzipBytes / 1024;

  const targets = [
    ['Lighthouse performance', figures.performance, (v) => v >= 95, '≥ 95'],
    ['Lighthouse accessibility', figures.accessibility, (v) => v >= 95, '≥ 95'],
    ['Lighthouse best practices', figures.bestPractices, (v) => v >= 95, '≥ 95'],
    ['Lighthouse SEO', figures.seo, (v) => v >= 95, '≥ 95'],
    ['LCP (ms)', Math.round(figures.lcpMs), (v) => v <= 2000, '≤ 2000'],
    ['CLS', Number(figures.cls.toFixed(3)), (v) => v <= 0.02, '≤ 0.02'],
    ['TBT (ms)', Math.round(figures.tbtMs), () => true, 'info'],
    [
      `JS before interaction (gzip KB, ${figures.scriptsLoaded} files)`,
      Number(figures.jsGzipKB.toFixed(1)),
      (v) => v <= 120,
      '≤ 120',
    ],
    ['Total transfer (KB)', Number(figures.totalTransferKB.toFixed(1)), (v) => v <= 500, '≤ 500'],
  ];
  process.stdout.write(
    `\nbench:web — ${PAGE}, Lighthouse ${runs[0].lighthouseVersion}, mobile, median of ${RUNS} runs\n\n`,
  );
  for (const [name, value, ok, target] of targets) {
    process.stdout.write(
      `${ok(value) ? '✓' : '✗'} ${name.padEnd(44)} ${String(value).padStart(8)}   target ${target}\n`,
    );
  }
  process.exitCode = targets.every(([, value, ok]) => ok(value)) ? 0 : 1;
} finally {
  await chrome.kill();
  server.stop();
}
