import type { SignUp } from '@firstday/common/account';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { T, useT } from '../i18n/use-t.tsx';
import { postJson } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { setServerFieldErrors } from '../lib/form-errors.ts';
import { lazyZodResolver } from '../lib/lazy-zod-resolver.ts';
import { useFormCheckedOnSend } from '../lib/use-form-checked-on-send.ts';
import styles from './auth-form.module.css';
import { FederatedButton } from './federated-button.tsx';
import { EmailField, NewPasswordField, SubmitButton, TextField } from './form-fields.tsx';

const SIGN_UP_FIELDS = ['name', 'email', 'password'] as const;

type SignUpFormProps = {
  /** Where the new account goes once verified: the e-mailed link leads there (a safe path). */
  continueTo: string;
  /** Where an existing account goes that signs in with the federated button instead. */
  signedInTo: string;
  /** The account is created and its verification link e-mailed: time for the 'Confirm your email' panel. */
  onRegistered(email: string): void;
};

// The schema (and zod) load when the form is touched or sent, not with the page (decision 036).
const signUpResolver = lazyZodResolver(() => import('@firstday/common/account').then((module) => module.SignUpSchema));

/**
 * Name, e-mail and password, the federated button and the legal line: the sign-up of /signup
 * and /join_us. A federated sign-in goes straight on (to `continueTo` when it created the account).
 */
export function SignUpForm({ continueTo, signedInTo, onRegistered }: SignUpFormProps) {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useFormCheckedOnSend<SignUp>({
    resolver: signUpResolver,
    defaultValues: { name: '', email: '', password: '' },
  });

  const signUp = handleSubmit(async (values) => {
    if (sending) return;
    setSending(true);
    setProblem(null);
    try {
      await postJson('/api/auth/sign-up/email', { ...values, callbackURL: continueTo });
      onRegistered(values.email);
    } catch (error) {
      if (!setServerFieldErrors(error, setError, SIGN_UP_FIELDS)) setProblem(getErrorMessage(error, t));
    } finally {
      setSending(false);
    }
  });

  return (
    <>
      <form
        className={styles.form}
        // Sent without scripts, a form without a method would put the password in the address
        // (GET); a POST is answered with the page again (303), and shows nothing of it.
        method="post"
        noValidate
        onSubmit={signUp}
        onFocus={signUpResolver.warm}
        onPointerDown={signUpResolver.warm}
        aria-busy={sending}
        aria-label={t('auth.signUp.formLabel')}
      >
        <TextField
          id={`${id}-name`}
          label={t('auth.signUp.name')}
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <EmailField id={`${id}-email`} error={errors.email?.message} {...register('email')} />
        <NewPasswordField
          id={`${id}-password`}
          label={t('auth.fields.password')}
          error={errors.password?.message}
          {...register('password')}
        />
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <SubmitButton busy={sending} label={t('auth.fields.continueWithEmail')} busyLabel={t('auth.signUp.creating')} />
      </form>
      <FederatedButton
        returnTo={signedInTo}
        newUserReturnTo={continueTo}
        onSignedIn={(newUser) => navigate(newUser ? continueTo : signedInTo, { replace: true })}
        onError={setProblem}
      />
      <p className={styles.legal}>
        <T id="auth.signUp.legal" components={{ 0: <Link to="/terms" />, 1: <Link to="/privacy" /> }} />
      </p>
    </>
  );
}
