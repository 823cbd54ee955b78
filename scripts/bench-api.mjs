// `npm run bench:api`: the shared calendar's API under load, against the real server (see README).
// 1. reads: GET /api/health and GET /api/public/calendars/:slug (2,000 contributions) with the same
//    connections and duration; 2. 200 concurrent contributors posting gifts for 30 s, then the
//    database totals are checked against what was sent. Embedded database first, then PostgreSQL
//    when DATABASE_URL is set (in a throw-away database on that server): one server, then two
//    servers on one database addressed in turn, which also times how soon a setting changed on
//    one shows on the other. `BENCH_SKIP_EMBEDDED=1` runs PostgreSQL only. A benchmark, not a test.
import { readFileSync } from 'node:fs';
import { importBenchTool } from '../bench/tools.mjs';
import {
  BENCH_ENV,
  createActiveCalendar,
  GOOD_CARD,
  makeContribution,
  request,
  seedContributions,
  withTemporaryDatabase,
} from './bench-calendar.mjs';
import { startProductServer } from './start-server.mjs';

const { default: autocannon } = await importBenchTool('autocannon');

const SEED_CONTRIBUTIONS = 2000;
const READ_CONNECTIONS = 50;
const READ_SECONDS = 10;
const GIFT_CONNECTIONS = 200;
const GIFT_SECONDS = 30;
const DECLINED_CARD = { ...GOOD_CARD, number: '4000000000000002' };

/** The highest peak resident memory (VmHWM) among the servers. */
function readPeakMemoryMb(servers) {
  const peaks = servers.map(({ pid }) => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0);
  });
  return Math.round(Math.max(...peaks) / 1024);
}

/** autocannon spreads its connections over several URLs: the servers, addressed in turn. */
const everyServer = (servers, path) => servers.map((server) => `${server.url}${path}`);

/**
 * Waits until the mail workers have sent the seed's receipts, so they do not run during the reads.
 * Each server without SMTP_URL has its own catcher: a receipt is in whichever server sent it.
 */
async function waitForMailBacklog(servers) {
  const last = Array.from({ length: 5 }, (_, index) => `guest-${SEED_CONTRIBUTIONS - 1 - index}@example.com`);
  const countMails = async (to) => {
    const path = `/api/dev/mail?to=${encodeURIComponent(to)}`;
    const counts = await Promise.all(servers.map(async ({ url }) => (await (await request(url, path)).json()).length));
    return counts.reduce((sum, count) => sum + count, 0);
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const counts = await Promise.all(last.map(countMails));
    if (counts.every((count) => count > 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function summarise(result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function measureReads(servers, calendar) {
  const options = { connections: READ_CONNECTIONS, duration: READ_SECONDS };
  const calendarPath = `/api/public/calendars/${calendar.slug}`;
  await autocannon({ url: everyServer(servers, calendarPath), connections: 10, duration: 2 });
  const health = summarise(await autocannon({ ...options, url: everyServer(servers, '/api/health') }));
  const read = summarise(await autocannon({ ...options, url: everyServer(servers, calendarPath) }));
  const bytes = (await (await request(servers[0].url, calendarPath)).text()).length;
  return { health, read, bytes, peakMemoryMb: readPeakMemoryMb(servers) };
}

/** CSV from /api/wishes/export.csv: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (char !== '\r' && char !== '\uFEFF') cell += char;
  }
  return rows;
}

async function measureGifts(servers, calendar) {
  const [server] = servers;
  const sent = new Map();
  const statuses = {};
  let counter = 0;
  let duplicates = 0;
  const path = `/api/public/calendars/${calendar.slug}/contributions`;
  const result = await autocannon({
    url: everyServer(servers, ''),
    connections: GIFT_CONNECTIONS,
    duration: GIFT_SECONDS,
    timeout: 20,
    requests: [
      {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json' },
        setupRequest(req, context) {
          const index = counter++;
          let body;
          // Every tenth request is a double submit of an earlier one (same idempotency key).
          if (index % 10 === 9 && sent.size > 0) {
            const keys = [...sent.keys()];
            body = sent.get(keys[Math.floor(Math.random() * keys.length)]).body;
            duplicates++;
          } else {
            const giftAmount = 100 + (index % 9_900);
            const declined = index % 7 === 3;
            body = makeContribution(calendar, SEED_CONTRIBUTIONS + index, {
              giftAmount,
              payment: { type: 'card', card: declined ? DECLINED_CARD : GOOD_CARD },
            });
            sent.set(body.idempotencyKey, { body, giftAmount, declined, answered: false, ids: new Set() });
          }
          context.key = body.idempotencyKey;
          return { ...req, body: JSON.stringify(body) };
        },
        onResponse(status, body, context) {
          statuses[status] = (statuses[status] ?? 0) + 1;
          const entry = sent.get(context.key);
          if (status === 201 && entry) {
            entry.answered = true;
            entry.ids.add(JSON.parse(body).contributionId);
          }
        },
      },
    ],
  });
  const answered = [...sent.values()].filter((entry) => entry.answered);
  const good = answered.filter((entry) => !entry.declined);
  const expectedAmount = good.reduce((sum, entry) => sum + entry.giftAmount, 0);
  const seededParticipants = SEED_CONTRIBUTIONS;

  // Wait for the sandbox's webhooks (and, for a lost one, the reconciler after a minute) to settle
  // every gift: until the owner's total has not moved for 15 s.
  const readOwner = async () =>
    (await request(server.url, `/api/calendars/${calendar.id}`, { cookie: calendar.cookie })).json();
  const settleStart = Date.now();
  let owner = await readOwner();
  let stableSince = Date.now();
  while (Date.now() - stableSince < 15_000 && Date.now() - settleStart < 180_000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const current = await readOwner();
    if (current.raisedAmount !== owner.raisedAmount || current.participants !== owner.participants) {
      stableSince = Date.now();
    }
    owner = current;
  }
  const settleMs = Date.now() - settleStart;

  const csv = parseCsv(
    await (
      await request(server.url, `/api/wishes/export.csv?calendarId=${calendar.id}`, { cookie: calendar.cookie })
    ).text(),
  );
  // Columns by their header: the export gained columns over time (fun guesses, currency, gift status).
  const nameColumn = csv[0].indexOf('Name');
  const giftColumn = csv[0].indexOf('Gift');
  const giftStatusColumn = csv[0].indexOf('Gift status');
  const giftOf = (row) => Math.round(Number(row[giftColumn] || 0) * 100);
  const byName = new Map();
  for (const row of csv.slice(1)) byName.set(row[nameColumn], (byName.get(row[nameColumn]) ?? 0) + 1);
  const doubled = [...byName.values()].filter((count) => count > 1).length;
  let lost = 0;
  let wrongAmount = 0;
  let declinedShown = 0;
  let unansweredRecorded = 0;
  const amountByName = new Map(csv.slice(1).map((row) => [row[nameColumn], giftOf(row)]));
  for (const entry of sent.values()) {
    const recorded = byName.has(entry.body.name);
    if (entry.declined && recorded) declinedShown++;
    if (!entry.declined && entry.answered && !recorded) lost++;
    if (recorded && amountByName.get(entry.body.name) !== entry.giftAmount) wrongAmount++;
    if (!entry.answered && recorded) unansweredRecorded++;
  }
  const answerIdsConsistent = [...sent.values()].every((entry) => entry.ids.size <= 1);
  // Refunded gifts are listed but no longer raised: only the given ones add up to the owner's total.
  const recordedGiftAmount = csv
    .slice(1)
    .reduce((sum, row) => sum + (row[giftStatusColumn] === 'given' ? giftOf(row) : 0), 0);
  return {
    load: { ...summarise(result), requestsSent: counter, doubleSubmits: duplicates, statuses },
    check: {
      distinctSubmissions: sent.size,
      answered201: answered.length,
      goodGiftsAnswered: good.length,
      expectedRaisedAmount: expectedAmount,
      ownerRaisedAmount: owner.raisedAmount,
      csvGiftAmount: recordedGiftAmount,
      ownerParticipants: owner.participants,
      csvRows: csv.length - 1,
      expectedRows: seededParticipants + good.length,
      lost,
      doubled,
      declinedShown,
      wrongAmount,
      unansweredButRecorded: unansweredRecorded,
      sameKeySameContribution: answerIdsConsistent,
      settleMs,
    },
    peakMemoryMb: readPeakMemoryMb(servers),
  };
}

function printReads(label, reads) {
  const ratio = reads.read.requestsPerSecond / reads.health.requestsPerSecond;
  console.log(`\n== ${label}: reads (${READ_CONNECTIONS} connections, ${READ_SECONDS} s each) ==`);
  console.table({ 'GET /api/health': reads.health, 'GET /api/public/calendars/:slug': reads.read });
  console.log(`public calendar answer: ${Math.round(reads.bytes / 1024)} KB (${SEED_CONTRIBUTIONS} contributions)`);
  console.log(`calendar/health: ${(ratio * 100).toFixed(0)} % (target ≥ 25 %) ${ratio >= 0.25 ? 'OK' : 'MISSED'}`);
  console.log(
    `calendar req/s: ${reads.read.requestsPerSecond} (target ≥ 2000) ${reads.read.requestsPerSecond >= 2000 ? 'OK' : 'MISSED'}`,
  );
  console.log(`calendar p99: ${reads.read.p99} ms (target < 50) ${reads.read.p99 < 50 ? 'OK' : 'MISSED'}`);
  console.log(`server peak memory (VmHWM): ${reads.peakMemoryMb} MB`);
}

function printGifts(label, gifts) {
  console.log(`\n== ${label}: ${GIFT_CONNECTIONS} concurrent contributors posting gifts for ${GIFT_SECONDS} s ==`);
  console.table({ 'POST …/contributions': gifts.load });
  console.log('statuses:', gifts.load.statuses);
  console.table(gifts.check);
  const { check } = gifts;
  const ok =
    check.lost === 0 &&
    check.doubled === 0 &&
    check.declinedShown === 0 &&
    check.wrongAmount === 0 &&
    check.sameKeySameContribution &&
    check.ownerRaisedAmount === check.csvGiftAmount &&
    check.csvGiftAmount >= check.expectedRaisedAmount;
  console.log(`totals: ${ok ? 'OK (none lost, none doubled, no declined gift shown)' : 'MISMATCH'}`);
  const p50Ok = gifts.load.p50 < 300;
  console.log(`gift writes p50: ${gifts.load.p50} ms (target < 300) ${p50Ok ? 'OK' : 'MISSED'}`);
  console.log(`server peak memory (VmHWM): ${gifts.peakMemoryMb} MB`);
  return ok;
}

/**
 * How long a 'hide sender names' change made through the first server takes to show on the last
 * one (its cache must learn of the change). Flips the setting and back.
 */
async function measureSettingPropagation(servers, calendar) {
  const [first] = servers;
  const last = servers.at(-1);
  const path = `/api/public/calendars/${calendar.slug}`;
  const firstGuessName = async (server) => (await (await request(server.url, path)).json()).guesses[0]?.name;
  const owner = await (await request(first.url, `/api/calendars/${calendar.id}`, { cookie: calendar.cookie })).json();
  const timings = [];
  for (const hideSenderNames of [!owner.hideSenderNames, owner.hideSenderNames]) {
    await firstGuessName(last); // cached on the last server
    const changedAt = Date.now();
    const patch = { method: 'PATCH', body: { hideSenderNames }, cookie: calendar.cookie };
    await request(first.url, `/api/calendars/${calendar.id}`, patch);
    const expected = await firstGuessName(first);
    while ((await firstGuessName(last)) !== expected && Date.now() - changedAt < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    timings.push(Date.now() - changedAt);
  }
  return Math.max(...timings);
}

async function runSuite(label, extraEnv, serverCount = 1) {
  // Several servers start at the same moment on the one database, as a deployment would.
  const servers = await Promise.all(
    Array.from({ length: serverCount }, () => startProductServer({ ...BENCH_ENV, ...extraEnv })),
  );
  const [server] = servers;
  try {
    const calendar = await createActiveCalendar(server.url);
    const seedStart = Date.now();
    await seedContributions(server.url, calendar, SEED_CONTRIBUTIONS);
    console.log(`\n${label}: seeded ${SEED_CONTRIBUTIONS} contributions in ${Date.now() - seedStart} ms`);
    const mailStart = Date.now();
    await waitForMailBacklog(servers);
    console.log(`${label}: receipts of the seed sent after another ${Date.now() - mailStart} ms`);
    printReads(label, await measureReads(servers, calendar));
    let settingOk = true;
    if (serverCount > 1) {
      const propagationMs = await measureSettingPropagation(servers, calendar);
      settingOk = propagationMs < 1000;
      console.log(
        `'hide sender names' visible on the other server after ${propagationMs} ms (target < 1000) ${settingOk ? 'OK' : 'MISSED'}`,
      );
    }
    return printGifts(label, await measureGifts(servers, calendar)) && settingOk;
  } finally {
    for (const running of servers) running.stop();
    // The temporary PostgreSQL database is dropped only once the servers have closed their pools.
    for (const running of servers) {
      for (let attempt = 0; attempt < 100 && isRunning(running.pid); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const results = [];
const { DATABASE_URL } = process.env;
delete process.env.DATABASE_URL;
if (!process.env.BENCH_SKIP_EMBEDDED) results.push(await runSuite('embedded database (PGlite)', {}));
if (DATABASE_URL) {
  results.push(await withTemporaryDatabase(DATABASE_URL, (url) => runSuite('PostgreSQL', { DATABASE_URL: url })));
  results.push(
    await withTemporaryDatabase(DATABASE_URL, (url) => runSuite('PostgreSQL, two servers', { DATABASE_URL: url }, 2)),
  );
} else {
  console.log('\nDATABASE_URL is not set: PostgreSQL skipped.');
}
process.exit(results.every(Boolean) ? 0 : 1);
