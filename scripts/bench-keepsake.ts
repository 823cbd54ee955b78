// `npm run bench:keepsake`: how long the keepsake book of 500 wishes (mixed languages and lengths,
// with a cover and a baby photo) takes to render on this machine, against the < 10 s target.
// Renders it several times (the first run includes loading the fonts) and prints the median and
// the slowest run, the page count and the file size. `BENCH_WISHES` and `BENCH_RUNS` override the
// defaults; `BENCH_OUT=file.pdf` keeps the last book. A benchmark, not a test.
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { renderKeepsakePdf } from '../server/src/keepsake/render-keepsake-pdf.ts';
import { createSampleBook } from '../server/src/keepsake/sample-book.ts';

const WISHES = Number(process.env.BENCH_WISHES ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_SECONDS = 10;

const photo = await sharp({
  create: { width: 1200, height: 900, channels: 3, background: { r: 246, g: 169, b: 191 } },
})
  .composite([
    { input: Buffer.from('<svg width="1200" height="900"><circle cx="600" cy="450" r="300" fill="#b53764"/></svg>') },
  ])
  .jpeg({ quality: 82 })
  .toBuffer();
const book = createSampleBook(WISHES, { withGuessExtras: true });

const seconds: number[] = [];
let pdf: Buffer | undefined;
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  pdf = await renderKeepsakePdf(book, { coverPhoto: photo, babyPhoto: photo });
  seconds.push((performance.now() - started) / 1000);
}
if (!pdf) throw new Error('BENCH_RUNS must be at least 1');
const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;
const sorted = [...seconds].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
const max = sorted.at(-1)!;
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, pdf);

console.log(`Keepsake book: ${WISHES} wishes, ${RUNS} runs`);
console.log(`  runs:   ${seconds.map((value) => value.toFixed(2)).join(' s, ')} s`);
console.log(`  median: ${median.toFixed(2)} s   max: ${max.toFixed(2)} s   target: < ${TARGET_SECONDS} s`);
console.log(`  pages:  ${pages}   size: ${(pdf.length / 1024).toFixed(0)} KiB`);
const ok = max < TARGET_SECONDS;
console.log(ok ? '  PASS' : '  FAIL: slower than the target');
process.exitCode = ok ? 0 : 1;
