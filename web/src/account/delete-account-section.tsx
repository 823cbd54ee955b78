import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../components/button.tsx';
import { useT } from '../i18n/use-t.tsx';
import { ACCOUNT_DELETION_QUERY_KEY } from './account-api.ts';
import type { SubDialog } from './delete-account-dialog.tsx';
import settingsStyles from './settings-page.module.css';

// The dialog, its forms (zod, the checks) and the dialogs it opens load on the button's first
// press or focus, not with Settings: the page hydrates sooner without them (decision 036).
const loadDialogs = () => import('./delete-account-dialog.tsx');
const loadDeleteAccountDialog = () => void loadDialogs().catch(() => {});
const DeleteAccountDialog = lazy(() => loadDialogs().then((module) => ({ default: module.DeleteAccountDialog })));
const DeletionSubDialog = lazy(() => loadDialogs().then((module) => ({ default: module.DeletionSubDialog })));

export function DeleteAccountSection() {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [subDialog, setSubDialog] = useState<SubDialog | null>(null);
  const openButtonId = `${id}-open`;

  function closeSubDialog() {
    subDialog?.opener?.focus();
    setSubDialog(null);
    // A close (or a support request) changes what stands in the way: ask again.
    void queryClient.invalidateQueries({ queryKey: ACCOUNT_DELETION_QUERY_KEY });
  }

  return (
    <section className={`${settingsStyles.card} ${settingsStyles.danger}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={settingsStyles.cardTitle}>
        {t('account.deletion.dangerZone')}
      </h2>
      <p className={settingsStyles.cardText}>{t('account.deletion.sectionText')}</p>
      <Button
        id={openButtonId}
        variant="danger"
        onPointerDown={loadDeleteAccountDialog}
        onFocus={loadDeleteAccountDialog}
        onClick={() => setOpen(true)}
      >
        {t('account.deletion.open')}
      </Button>
      <Suspense fallback={null}>
        {open && (
          <DeleteAccountDialog
            onOpenSubDialog={setSubDialog}
            onClose={() => {
              setOpen(false);
              // Focus goes back to where it came from, for keyboard and screen-reader users.
              document.getElementById(openButtonId)?.focus();
            }}
          />
        )}
        {subDialog && <DeletionSubDialog dialog={subDialog} onClose={closeSubDialog} />}
      </Suspense>
    </section>
  );
}
