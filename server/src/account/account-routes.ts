import type { CurrentUser } from '@firstday/common/account';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { requireSession } from '../auth/require-session.ts';
import { userProfiles } from './schema.ts';

/** Splits the single Name field of sign-up into the first/last names the specification's user has. */
export function splitName(name: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

export function createUserRoutes(context: AppContext) {
  return new Hono().get('/me', async (c) => {
    const { user } = await requireSession(context, c);
    const [profile] = await context.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id));
    const body: CurrentUser = {
      ...splitName(user.name),
      name: user.name,
      email: user.email,
      email_verified: user.emailVerified,
      IBAN: profile?.ibanMasked ?? null,
      settings: {
        savings_goal_cents: profile?.savingsGoalCents ?? null,
        hide_sender_names_default: profile?.hideSenderNamesDefault ?? false,
        hide_total_default: profile?.hideTotalDefault ?? true,
      },
    };
    return c.json(body);
  });
}
