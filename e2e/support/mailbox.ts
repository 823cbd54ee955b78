import { type APIRequestContext, expect } from '@playwright/test';

export type DevMail = { to: string[]; subject: string; text: string; html: string; date: string };

/** Waits until the dev mailbox holds a message for `to` whose subject contains `subject`. */
export async function waitForMail(request: APIRequestContext, to: string, subject: string): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as DevMail[];
        found = messages.find((message) => message.subject.includes(subject));
        return Boolean(found);
      },
      { message: `e-mail '${subject}' to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in a plain-text e-mail that starts with `prefix` (an absolute URL). */
export function findLink(mail: DevMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return link;
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
