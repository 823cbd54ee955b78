import { PasswordSchema } from '@firstday/common/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../components/button.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { showSuccessToast } from '../shell/app-toast.ts';
import { changePassword } from './account-api.ts';
import styles from './settings-page.module.css';
import { TextField } from './text-field.tsx';

const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password.'),
  newPassword: PasswordSchema,
});
type ChangePasswordValues = z.infer<typeof ChangePasswordSchema>;

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'The current password is not correct.';

export function ChangePasswordForm() {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await changePassword(values);
      reset();
      showSuccessToast('Your password is changed. Other devices are signed out.');
    } catch (error) {
      if (error instanceof ApiError && error.fields.newPassword) {
        setError('newPassword', { message: error.fields.newPassword }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 400) {
        setError('currentPassword', { message: WRONG_CURRENT_PASSWORD_MESSAGE }, { shouldFocus: true });
      } else {
        setProblem(getErrorMessage(error));
      }
    }
  });

  return (
    <form className={styles.card} noValidate onSubmit={submit} aria-busy={isSubmitting} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Change password
      </h2>
      <div className={styles.twoColumns}>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          hint="At least 8 characters."
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
          {isSubmitting ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
