import { PasswordSchema } from '@firstday/common/account';
import { z } from 'zod';
import { messageId } from '../i18n/use-t.tsx';

/** The change-password form's checks: loaded when the form is first used (change-password-form.tsx). */
export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, messageId('account.changePassword.currentRequired')),
  newPassword: PasswordSchema,
});
