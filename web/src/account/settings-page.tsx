import type { OwnerCalendar } from '@firstday/common/calendars';
import { useQuery } from '@tanstack/react-query';
import { CALENDARS_QUERY_KEY, listCalendars } from '../calendars/calendars-api.ts';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import { useT } from '../i18n/use-t.tsx';
import { readApiJson } from '../page-context.ts';
import { PageHeader } from '../shell/page-header.tsx';
import type { Route } from './+types/settings-page';
import { AccountSettingsForm } from './account-settings-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import styles from './settings-page.module.css';
import { useCurrentUser } from './use-current-user.ts';

export const handle: CataloguesHandle = { catalogues: ['app', 'account', 'auth', 'calendars'] };

/**
 * Rendered on the server (decision 036): the account comes from the layout, the calendars (where
 * each pays out, beside the account's IBAN) are read here as the page would read them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await readApiJson<{ calendars: OwnerCalendar[] }>(context, '/api/calendars', request);
  return { calendars: answer?.calendars };
}

export function shouldRevalidate() {
  return false;
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  // Starts the calendars' query with what the server read: the payout list below draws from it.
  useQuery({ queryKey: CALENDARS_QUERY_KEY, queryFn: listCalendars, initialData: loaderData.calendars });
  // The shell renders pages only once the user has loaded.
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className={styles.page}>
      <title>{t('account.settings.documentTitle')}</title>
      <PageHeader title={t('app.menu.accountSettings')} lead={t('account.settings.lead')} />
      <AccountSettingsForm user={user} />
      <ChangePasswordForm />
      <DeleteAccountSection />
    </div>
  );
}
