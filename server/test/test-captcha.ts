import altcha, { type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { createTestApp } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function fetchChallenge(t: TestApp): Promise<Challenge> {
  const response = await t.app.request('/api/captcha/challenge');
  if (response.status !== 200) throw new Error(`challenge: ${response.status}`);
  return (await response.json()) as Challenge;
}

/** Does what the widget does: solves the proof of work and encodes the payload as base64 JSON. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await altcha.solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution found');
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** A fresh, solved captcha value for one request. */
export async function solveCaptcha(t: TestApp): Promise<string> {
  return solve(await fetchChallenge(t));
}
