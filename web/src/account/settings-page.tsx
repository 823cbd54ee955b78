import { useT } from '../i18n/use-t.tsx';
import { PageHeader } from '../shell/page-header.tsx';
import { AccountSettingsForm } from './account-settings-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import styles from './settings-page.module.css';
import { useCurrentUser } from './use-current-user.ts';

export default function SettingsPage() {
  const t = useT();
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
