// `npm run bench:photos`: 30 photos of 12 MB uploaded at once to a real server, which decodes only
// a few at a time (IMAGE_PROCESSING_CONCURRENCY, IMAGE_PROCESSING_QUEUE; README). Prints the
// server's resident memory before and its peak (VmHWM) during them, and how many uploads were processed
// and how many answered 503 `image_busy`. The photo is 12 MP of noise, the worst case for the
// decoder and the encoders. `BENCH_UPLOADS` overrides the count; the server's settings pass
// through from the environment. A benchmark, not a test.
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { BENCH_ENV, createActiveCalendar } from './bench-calendar.mjs';
import { startProductServer } from './start-server.mjs';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 30);
/** The per-account upload limit is 30 per 10 minutes: the uploads are spread over a few parents. */
const UPLOADS_PER_ACCOUNT = 15;

function readMemoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) / 1024);
}

const photo = await sharp({
  create: { width: 4032, height: 3024, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 50 } },
})
  .jpeg({ quality: 97 })
  .toBuffer();

const server = await startProductServer({ ...BENCH_ENV, LOG_LEVEL: 'error' });
try {
  const accounts = await Promise.all(
    Array.from({ length: Math.ceil(UPLOADS / UPLOADS_PER_ACCOUNT) }, () => createActiveCalendar(server.url)),
  );
  const idleMb = readMemoryMb(server.pid, 'VmRSS');
  const startupPeakMb = readMemoryMb(server.pid, 'VmHWM');
  // Resets the peak to the current size (Linux), so the figure below is the uploads' own peak.
  writeFileSync(`/proc/${server.pid}/clear_refs`, '5');

  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: UPLOADS }, async (_, index) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `photo-${index}.jpg`);
      const sent = performance.now();
      const response = await fetch(`${server.url}/api/images`, {
        method: 'POST',
        headers: {
          origin: server.url.replace('127.0.0.1', 'localhost'),
          cookie: accounts[Math.floor(index / UPLOADS_PER_ACCOUNT)]!.cookie,
        },
        body: form,
      });
      const body = (await response.json()) as { error?: { code: string } };
      return {
        status: response.status,
        code: body.error?.code,
        retryAfter: response.headers.get('retry-after'),
        seconds: (performance.now() - sent) / 1000,
      };
    }),
  );
  const totalSeconds = (performance.now() - started) / 1000;
  const peakMb = readMemoryMb(server.pid, 'VmHWM');

  const processed = results.filter((result) => result.status === 201);
  const busy = results.filter((result) => result.status === 503);
  const other = results.filter((result) => result.status !== 201 && result.status !== 503);
  const slowest = Math.max(...processed.map((result) => result.seconds), 0);
  console.log(`Photo uploads: ${UPLOADS} at once, ${(photo.length / 1024 / 1024).toFixed(1)} MiB each (12 MP JPEG)`);
  console.log(
    `  settings: IMAGE_PROCESSING_CONCURRENCY=${process.env.IMAGE_PROCESSING_CONCURRENCY ?? '(default)'} IMAGE_PROCESSING_QUEUE=${process.env.IMAGE_PROCESSING_QUEUE ?? '(default)'}`,
  );
  console.log(
    `  server memory: ${idleMb} MB before the uploads (start-up peak ${startupPeakMb} MB), peak during them ${peakMb} MB (VmHWM)`,
  );
  console.log(`  processed (201): ${processed.length}, slowest ${slowest.toFixed(1)} s`);
  console.log(
    `  busy (503): ${busy.length}${busy.length ? `, code ${[...new Set(busy.map((result) => result.code))].join('/')}, Retry-After ${[...new Set(busy.map((result) => result.retryAfter))].join('/')} s` : ''}`,
  );
  if (other.length)
    console.log(`  other: ${other.map((result) => `${result.status} ${result.code ?? ''}`).join(', ')}`);
  console.log(`  all answered in ${totalSeconds.toFixed(1)} s`);
} finally {
  server.stop();
}
