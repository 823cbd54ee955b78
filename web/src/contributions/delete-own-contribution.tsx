import type { OwnContribution } from '@firstday/common/contributions';
import { formatMoney } from '@firstday/common/format';
import { useId, useState } from 'react';
import { Button } from '../components/button.tsx';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog, ModalDialogFooter } from '../components/modal-dialog.tsx';
import { useLocale, useT } from '../i18n/use-t.tsx';
import { getErrorMessage } from '../lib/error-messages.ts';
import styles from './contribution-form.module.css';
import { deleteOwnContribution } from './contributions-api.ts';
import moderationStyles from './wish-moderation.module.css';

type DeleteOwnContributionProps = {
  contribution: OwnContribution;
  token: string;
  onDeleted: () => void;
};

/** 'Delete my wish and details' on the edit page, behind a confirmation; allowed at any time. */
export function DeleteOwnContribution({ contribution, token, onDeleted }: DeleteOwnContributionProps) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={styles.deleteOwn}>
      <Button
        variant="ghost"
        className={moderationStyles.removeButton}
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        {t('contributions.edit.delete')}
      </Button>
      {confirming && (
        <DeleteOwnContributionDialog
          contribution={contribution}
          token={token}
          onDeleted={onDeleted}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

type DeleteOwnContributionDialogProps = DeleteOwnContributionProps & { onClose: () => void };

/** What goes and what stays; 'Keep it' comes first and has the focus, like the parents' 'Remove' dialog. */
function DeleteOwnContributionDialog({ contribution, token, onDeleted, onClose }: DeleteOwnContributionDialogProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const gift =
    contribution.giftAmount && contribution.status === 'confirmed'
      ? formatMoney(contribution.giftAmount, { currency: contribution.currency, locale, minorUnits: 'always' })
      : null;

  async function confirm() {
    if (deleting) return;
    setDeleting(true);
    setProblem(null);
    try {
      await deleteOwnContribution(contribution.id, token);
      onDeleted();
    } catch (error) {
      setProblem(t('contributions.edit.deleteFailed', { problem: getErrorMessage(error) }));
      setDeleting(false);
    }
  }

  return (
    <ModalDialog titleId={`${id}-title`} describedBy={`${id}-text`} busy={deleting} onClose={onClose}>
      {(close) => (
        <div className={dialogStyles.content}>
          <h2 id={`${id}-title`} className={dialogStyles.title}>
            {t('contributions.edit.deleteTitle')}
          </h2>
          <div id={`${id}-text`} className={moderationStyles.dialogText}>
            <p>{t('contributions.edit.deleteText', { guess: contribution.guessedDate ? 'yes' : 'no' })}</p>
            {gift && <p>{t('contributions.edit.deleteGift', { money: gift })}</p>}
          </div>
          <ModalDialogFooter
            problem={problem}
            cancelLabel={t('contributions.edit.deleteKeep')}
            onCancel={close}
            busy={deleting}
            confirmLabel={deleting ? t('contributions.edit.deleting') : t('contributions.edit.deleteConfirm')}
            onConfirm={() => void confirm()}
            danger
          />
        </div>
      )}
    </ModalDialog>
  );
}
