import { type SignUp, SignUpSchema } from '@firstday/common/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ApiError, postJson } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import type { Route } from './+types/signup-page';
import styles from './auth-form.module.css';
import { AuthLayout } from './auth-layout.tsx';
import { ConfirmEmailPanel } from './confirm-email-panel.tsx';
import { FederatedButton } from './federated-button.tsx';
import { EmailField, NewPasswordField, SubmitButton, TextField } from './form-fields.tsx';
import { DEFAULT_SIGNED_IN_PATH } from './session.ts';

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Sign Up · Firstday' }, { name: 'robots', content: 'noindex' }];
}

const SIGN_UP_FIELDS = ['name', 'email', 'password'] as const;

export default function SignupPage() {
  const id = useId();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignUp>({ resolver: zodResolver(SignUpSchema), defaultValues: { name: '', email: '', password: '' } });

  const goOn = () => navigate(DEFAULT_SIGNED_IN_PATH, { replace: true });

  const signUp = handleSubmit(async (values) => {
    if (sending) return;
    setSending(true);
    setProblem(null);
    try {
      await postJson('/api/auth/sign-up/email', { ...values, callbackURL: DEFAULT_SIGNED_IN_PATH });
      setRegisteredEmail(values.email);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const invalid = SIGN_UP_FIELDS.filter((field) => fields[field]);
      for (const field of invalid) {
        setError(field, { message: fields[field] }, { shouldFocus: field === invalid[0] });
      }
      if (invalid.length === 0) setProblem(getErrorMessage(error));
    } finally {
      setSending(false);
    }
  });

  if (registeredEmail) {
    return (
      <AuthLayout
        title="Confirm your email"
        stepKey="confirm"
        footer={
          <>
            Already confirmed? <Link to="/login">Log In</Link>
          </>
        }
      >
        <ConfirmEmailPanel email={registeredEmail} onVerified={goOn} onChangeEmail={() => setRegisteredEmail(null)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign Up"
      subtitle="Create your account to start a calendar for your little one."
      footer={
        <>
          Already have an account? <Link to="/login">Log In</Link>
        </>
      }
    >
      <form className={styles.form} noValidate onSubmit={signUp} aria-busy={sending} aria-label="Sign up with e-mail">
        <TextField
          id={`${id}-name`}
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <EmailField id={`${id}-email`} error={errors.email?.message} {...register('email')} />
        <NewPasswordField
          id={`${id}-password`}
          label="Password"
          error={errors.password?.message}
          {...register('password')}
        />
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <SubmitButton busy={sending} label="Continue with Email" busyLabel="Creating your account…" />
      </form>
      <FederatedButton onSignedIn={goOn} onError={setProblem} />
      <p className={styles.legal}>
        By signing up you agree to our <Link to="/terms">Terms &amp; Conditions</Link> and confirm you have read our{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </AuthLayout>
  );
}
