import { PASSWORD_MIN_LENGTH } from '@firstday/common/schema-constants';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { Button } from '../components/button.tsx';
import { TextField } from '../components/text-field.tsx';
import type { MessageId } from '../i18n/namespaces.ts';
import { messageId, useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { lazyZodResolver } from '../lib/lazy-zod-resolver.ts';
import { useFormCheckedOnSend } from '../lib/use-form-checked-on-send.ts';
import { showSuccessToast } from '../shell/app-toast.ts';
import { changePassword } from './account-api.ts';
import type { ChangePasswordSchema } from './change-password-schema.ts';
import styles from './settings-page.module.css';

type ChangePasswordValues = z.infer<typeof ChangePasswordSchema>;

// zod and the checks load when the form is first touched (decision 036): Settings hydrates without them.
const changePasswordResolver = lazyZodResolver(() =>
  import('./change-password-schema.ts').then((module) => module.ChangePasswordSchema),
);

export const WRONG_CURRENT_PASSWORD_MESSAGE = messageId('account.changePassword.wrongCurrent');

export function ChangePasswordForm() {
  const t = useT();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useFormCheckedOnSend<ChangePasswordValues>({
    resolver: changePasswordResolver,
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await changePassword(values);
      reset();
      showSuccessToast(t('account.changePassword.changed'));
    } catch (error) {
      if (error instanceof ApiError && error.fields.newPassword) {
        setError('newPassword', { message: error.fields.newPassword }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 400) {
        setError('currentPassword', { message: WRONG_CURRENT_PASSWORD_MESSAGE }, { shouldFocus: true });
      } else {
        setProblem(getErrorMessage(error, t));
      }
    }
  });

  return (
    <form
      className={styles.card}
      noValidate
      onSubmit={submit}
      onFocus={changePasswordResolver.warm}
      onPointerDown={changePasswordResolver.warm}
      aria-busy={isSubmitting}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {t('account.changePassword.title')}
      </h2>
      <div className={styles.twoColumns}>
        <TextField
          label={t('account.changePassword.current')}
          type="password"
          autoComplete="current-password"
          // This form's own messages are catalogue keys (set above).
          error={errors.currentPassword?.message && t(errors.currentPassword.message as MessageId)}
          {...register('currentPassword')}
        />
        <TextField
          label={t('auth.reset.newPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          hint={t('auth.fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          {...register('newPassword')}
        />
      </div>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.formActions}>
        <Button type="submit" variant="secondary" aria-disabled={isSubmitting || undefined}>
          {t(isSubmitting ? 'account.changePassword.changing' : 'account.changePassword.title')}
        </Button>
      </div>
    </form>
  );
}
