// `npm run bench:fraud`: card testing against the real server, as a fraudster with a list of
// stolen cards would do it (decision 022). Two attacks, each for ATTACK_SECONDS:
// 1. the creation fee: one signed-in account posts declined cards to its draft's pay route as fast
//    as it can, from one address; when the draft is paused it opens new drafts on the same account;
// 2. the gift form: 15 loopback addresses (127.0.0.10…24) post declined $1 gifts to one calendar,
//    while a real guest (127.0.0.50) gives with a good card every few seconds, and once after.
// The attacker solves every captcha at once (BENCH_DISABLE_CAPTCHA): the worst case, a captcha farm.
// Prints declined attempts that reached the card processor (per minute, per source, per draft),
// what was refused, and whether the real guest could give. On a throw-away database on the
// PostgreSQL server of DATABASE_URL, in production mode. A benchmark, not a test.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import {
  createActiveCalendar,
  createDraftCalendar,
  createVerifiedCreator,
  GOOD_CARD,
  makeContribution,
  request,
  stolenCard,
} from './bench-calendar.mjs';
import { startProductServer } from './start-server.mjs';

const ATTACK_SECONDS = Number(process.env.BENCH_FRAUD_SECONDS ?? 60);
const GIFT_SOURCES = 15;
const CONCURRENCY_PER_SOURCE = 2;
const GUEST_EVERY_MS = 5_000;
// Goals from issue 22.
const FEE_GOAL_PER_DRAFT_HOUR = 10;
const GIFT_GOAL_PER_SOURCE_10_MIN = 5;

/** A JSON POST from one loopback source address (the server sees it as the client's IP). */
function postFrom(sourceAddress, url, path, body, cookie) {
  const target = new URL(path, url);
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress: sourceAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          origin: url.replace('127.0.0.1', 'localhost'),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          let json;
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode, json });
        });
      },
    );
    req.on('error', (error) => resolve({ status: 0, json: { error: { code: error.code } } }));
    req.end(payload);
  });
}

/** 'declined' (reached the processor and refused), 'paid', or the refusal's code. */
function classify({ status, json }) {
  if (status === 200 || status === 201) {
    const payment = json?.payment;
    if (payment?.status === 'failed') return 'declined';
    return 'accepted';
  }
  return json?.error?.code ?? `http_${status}`;
}

const countInto = (counts, key) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

async function attackFee(url) {
  const source = '127.0.0.2';
  const { cookie } = await createVerifiedCreator(url);
  const drafts = [await createDraftCalendar(url, cookie)];
  const perDraft = new Map([[drafts[0].id, 0]]);
  const outcomes = {};
  let card = 0;
  const deadline = Date.now() + ATTACK_SECONDS * 1000;
  while (Date.now() < deadline) {
    const draft = drafts.at(-1);
    const outcome = classify(
      await postFrom(
        source,
        url,
        `/api/calendars/${draft.id}/pay`,
        {
          idempotencyKey: `fraud-fee-${randomUUID()}`,
          method: { type: 'card', card: stolenCard(card++) },
          captchaValue: 'bench',
        },
        cookie,
      ),
    );
    countInto(outcomes, outcome);
    if (outcome === 'declined') perDraft.set(draft.id, perDraft.get(draft.id) + 1);
    // Paused: the fraudster opens another draft on the same account (up to the draft limit).
    if (outcome === 'payments_paused' && drafts.length < 5) {
      const next = await createDraftCalendar(url, cookie);
      if (next?.id) {
        drafts.push(next);
        perDraft.set(next.id, 0);
      }
    }
  }
  const declined = outcomes.declined ?? 0;
  return {
    attempts: card,
    outcomes,
    declinedPerMinute: Math.round((declined / ATTACK_SECONDS) * 60),
    maxDeclinedPerDraft: Math.max(...perDraft.values()),
    drafts: drafts.length,
  };
}

async function attackGifts(url) {
  const calendar = await createActiveCalendar(url);
  const path = `/api/public/calendars/${calendar.slug}/contributions`;
  const sources = Array.from({ length: GIFT_SOURCES }, (_, index) => `127.0.0.${10 + index}`);
  const declinedBySource = new Map(sources.map((source) => [source, 0]));
  const outcomes = {};
  let card = 100_000;
  let guestIndex = 0;
  const deadline = Date.now() + ATTACK_SECONDS * 1000;

  const attacker = async (source) => {
    while (Date.now() < deadline) {
      const body = makeContribution(calendar, card, {
        name: `Not A Guest ${card}`,
        giftAmount: 100,
        payment: { type: 'card', card: stolenCard(card++) },
      });
      const outcome = classify(await postFrom(source, url, path, body));
      countInto(outcomes, outcome);
      if (outcome === 'declined') declinedBySource.set(source, declinedBySource.get(source) + 1);
      // A refused fraudster tries again at once: the pause must hold against a tight loop.
    }
  };

  const guestGives = async () => {
    const body = makeContribution(calendar, 900_000 + guestIndex++, {
      name: `Real Guest ${guestIndex}`,
      giftAmount: 2_500,
      payment: { type: 'card', card: GOOD_CARD },
    });
    return classify(await postFrom('127.0.0.50', url, path, body));
  };
  const guest = { during: {}, after: undefined };
  const realGuest = async () => {
    while (Date.now() < deadline) {
      countInto(guest.during, await guestGives());
      await new Promise((resolve) => setTimeout(resolve, GUEST_EVERY_MS));
    }
  };

  await Promise.all([
    ...sources.flatMap((source) => Array.from({ length: CONCURRENCY_PER_SOURCE }, () => attacker(source))),
    realGuest(),
  ]);
  guest.after = await guestGives();

  // The parents' alert: the owner's mailbox on the dev catcher.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const mails = await (await request(url, `/api/dev/mail?to=${encodeURIComponent(calendar.ownerEmail)}`)).json();
  const alerts = mails.filter((mail) => /stolen cards/.test(mail.subject)).length;
  const declined = outcomes.declined ?? 0;
  return {
    outcomes,
    declinedTotal: declined,
    declinedPerMinute: Math.round((declined / ATTACK_SECONDS) * 60),
    maxDeclinedPerSource: Math.max(...declinedBySource.values()),
    declinedPerSourcePerMinute: Math.round((Math.max(...declinedBySource.values()) / ATTACK_SECONDS) * 60),
    guest,
    ownerAlerts: alerts,
  };
}

async function runSuite(label, extraEnv) {
  const server = await startProductServer({
    BENCH_DISABLE_CAPTCHA: 'true',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...extraEnv,
  });
  try {
    console.log(`\n== ${label}: the creation fee, one account, one address, ${ATTACK_SECONDS} s ==`);
    const fee = await attackFee(server.url);
    console.table({
      attempts: fee.attempts,
      'declined (reached the processor)': fee.outcomes.declined ?? 0,
      'declined per minute': fee.declinedPerMinute,
      'most declined on one draft': fee.maxDeclinedPerDraft,
      'drafts the attacker opened': fee.drafts,
    });
    console.log('answers:', fee.outcomes);
    const feeOk = fee.maxDeclinedPerDraft <= FEE_GOAL_PER_DRAFT_HOUR;
    console.log(
      `fee: ${fee.maxDeclinedPerDraft} declined attempts on one draft within the hour (goal ≤ ${FEE_GOAL_PER_DRAFT_HOUR}) ${feeOk ? 'OK' : 'MISSED'}`,
    );

    console.log(
      `\n== ${label}: the gift form, ${GIFT_SOURCES} addresses × ${CONCURRENCY_PER_SOURCE} connections, ${ATTACK_SECONDS} s, a real guest beside ==`,
    );
    const gifts = await attackGifts(server.url);
    console.table({
      'declined (reached the processor)': gifts.declinedTotal,
      'declined per minute, all sources': gifts.declinedPerMinute,
      'most declined from one source': gifts.maxDeclinedPerSource,
      'owner alert e-mails': gifts.ownerAlerts,
    });
    console.log('answers:', gifts.outcomes);
    console.log('real guest during the wave:', gifts.guest.during, '· after:', gifts.guest.after);
    const giftOk = gifts.maxDeclinedPerSource <= GIFT_GOAL_PER_SOURCE_10_MIN;
    const guestOk =
      gifts.guest.after === 'accepted' && Object.keys(gifts.guest.during).every((outcome) => outcome === 'accepted');
    console.log(
      `gifts: ${gifts.maxDeclinedPerSource} declines from one source in ${ATTACK_SECONDS} s (goal ≤ ${GIFT_GOAL_PER_SOURCE_10_MIN} per 10 min) ${giftOk ? 'OK' : 'MISSED'}`,
    );
    console.log(`real guest could give during and after the wave: ${guestOk ? 'yes' : 'NO'}`);
    console.log(`parents told once: ${gifts.ownerAlerts === 1 ? 'yes' : `NO (${gifts.ownerAlerts})`}`);
  } finally {
    server.stop();
  }
}

// Production mode has no embedded database: the server runs on a throw-away database made on the
// PostgreSQL server of DATABASE_URL (start-server.mjs), which stops with a message without it.
await runSuite('PostgreSQL, production mode', {});
