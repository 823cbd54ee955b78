import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { HydrateAfterPaintHandle } from '../hydrate-after-paint.ts';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import { T, useT } from '../i18n/use-t.tsx';
import { ApiError, postJson } from '../lib/api.ts';
import { FEDERATED_FAILURE_MESSAGE, getErrorMessage, getFederatedErrorMessage } from '../lib/error-messages.ts';
import { setServerFieldErrors } from '../lib/form-errors.ts';
import { lazyZodResolver } from '../lib/lazy-zod-resolver.ts';
import { useFormCheckedOnSend } from '../lib/use-form-checked-on-send.ts';
import formStyles from '../styles/form.module.css';
import type { Route } from './+types/login-page';
import styles from './auth-form.module.css';
import { AuthLayout } from './auth-layout.tsx';
import { FederatedButton } from './federated-button.tsx';
import { EmailField, PasswordField, SubmitButton } from './form-fields.tsx';
import { getLoginNotice } from './login-notices.ts';
import {
  DEFAULT_SIGNED_IN_PATH,
  getRequestedTarget,
  hasVerifiedSession,
  NEW_ACCOUNT_PATH,
  withRedirect,
} from './session.ts';

/**
 * Rendered on the server (decision 035) with the texts of the form, its errors and checks; its
 * scripts start after the first paint, and a form sent before is sent again then (early-taps.ts).
 */
export const handle: CataloguesHandle & HydrateAfterPaintHandle = {
  catalogues: ['app', 'auth'],
  hydrateAfterPaint: true,
};

export function meta(_: Route.MetaArgs) {
  return [{ name: 'robots', content: 'noindex' }];
}

// The schema (and zod) load when the form is touched or sent, not with the page (decision 036).
const signInResolver = lazyZodResolver(() => import('@firstday/common/account').then((module) => module.SignInSchema));

// SignInSchema's message for an empty field (common/src/account.ts).
const FILL_IN_ALL_FIELDS = 'Please fill in all fields';

type Problem = { message: string; unverifiedEmail?: string };
type ResendState = { status: 'idle' | 'sending' } | { status: 'done' | 'failed'; message: string };

export default function LoginPage() {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const notice = getLoginNotice(searchParams);
  const requested = getRequestedTarget(searchParams);
  const target = requested ?? DEFAULT_SIGNED_IN_PATH;
  // An account whose e-mail is not verified yet has never been in: its link leads to where a new account starts.
  const newAccountTarget = requested ?? NEW_ACCOUNT_PATH;
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [resend, setResend] = useState<ResendState>({ status: 'idle' });
  const problemRef = useRef<HTMLDivElement>(null);
  const startHandled = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useFormCheckedOnSend({ resolver: signInResolver, defaultValues: { email: '', password: '' } });

  const goOn = useCallback(() => navigate(target, { replace: true }), [navigate, target]);
  const goOnFederated = (newUser: boolean) => navigate(newUser ? newAccountTarget : target, { replace: true });

  // Runs once per visit: a signed-in visitor goes straight on, and the result of a federated
  // redirect (?federated=done|error) is read once and dropped from the address.
  useEffect(() => {
    if (startHandled.current) return;
    startHandled.current = true;
    const federated = searchParams.get('federated');
    if (federated) {
      const federatedError = searchParams.get('error');
      const rest = new URLSearchParams(searchParams);
      rest.delete('federated');
      rest.delete('error');
      setSearchParams(rest, { replace: true });
      if (federated === 'error') {
        setProblem({ message: getFederatedErrorMessage(federatedError, t) });
        return;
      }
    }
    hasVerifiedSession()
      .then((signedIn) => {
        if (signedIn) goOn();
        else if (federated === 'done') setProblem({ message: t(FEDERATED_FAILURE_MESSAGE) });
      })
      .catch(() => {
        if (federated === 'done') setProblem({ message: t(FEDERATED_FAILURE_MESSAGE) });
      });
  }, [searchParams, setSearchParams, goOn, t]);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const logIn = handleSubmit(async ({ email, password }) => {
    if (sending) return;
    setSending(true);
    setProblem(null);
    setResend({ status: 'idle' });
    try {
      await postJson('/api/auth/sign-in/email', { email, password });
      goOn();
    } catch (error) {
      if (setServerFieldErrors(error, setError, ['email', 'password'])) return;
      const unverified = error instanceof ApiError && error.code === 'email_not_verified';
      setProblem({ message: getErrorMessage(error, t), ...(unverified && { unverifiedEmail: email }) });
    } finally {
      setSending(false);
    }
  });

  const resendVerification = async (email: string) => {
    if (resend.status === 'sending') return;
    setResend({ status: 'sending' });
    try {
      await postJson('/api/auth/send-verification-email', { email, callbackURL: newAccountTarget });
      setResend({ status: 'done', message: t('auth.login.resendSuccess') });
    } catch (error) {
      const rateLimited = error instanceof ApiError && error.code === 'rate_limited';
      setResend({
        status: 'failed',
        message: rateLimited ? getErrorMessage(error, t) : t('auth.login.resendFailure'),
      });
    }
  };

  // Empty fields share one message, so it is shown once and every empty field points at it.
  const emptyMessage = [errors.email?.message, errors.password?.message].includes(FILL_IN_ALL_FIELDS);
  const formErrorId = `${id}-form-error`;
  const fieldError = (message: string | undefined) => (message === FILL_IN_ALL_FIELDS ? undefined : message);
  const emptyFieldProps = (message: string | undefined) =>
    message === FILL_IN_ALL_FIELDS ? { 'aria-invalid': true, 'aria-describedby': formErrorId } : {};

  return (
    <AuthLayout
      title={t('auth.login.title')}
      documentTitle={t('auth.login.documentTitle')}
      subtitle={t('auth.login.subtitle')}
      footer={<T id="auth.login.noAccount" components={{ 0: <Link to={withRedirect('/signup', requested)} /> }} />}
    >
      {notice && (
        <p className={styles.notice} role="status">
          {t(notice)}
        </p>
      )}
      <form
        className={styles.form}
        // Sent without scripts, a form without a method would put the password in the address
        // (GET); a POST is answered with the page again (303), and shows nothing of it.
        method="post"
        noValidate
        onSubmit={logIn}
        onFocus={signInResolver.warm}
        onPointerDown={signInResolver.warm}
        aria-busy={sending}
        aria-label={t('auth.login.formLabel')}
      >
        <EmailField
          id={`${id}-email`}
          error={fieldError(errors.email?.message)}
          {...register('email')}
          {...emptyFieldProps(errors.email?.message)}
        />
        <PasswordField
          id={`${id}-password`}
          label={t('auth.fields.password')}
          autoComplete="current-password"
          error={fieldError(errors.password?.message)}
          {...register('password')}
          {...emptyFieldProps(errors.password?.message)}
        />
        <Link to="/resetpassword" className={styles.secondaryLink}>
          {t('auth.login.forgotPassword')}
        </Link>
        {emptyMessage && (
          <p id={formErrorId} className={formStyles.fieldError}>
            {t('app.validation.fillInAllFields')}
          </p>
        )}
        {problem && (
          <div ref={problemRef} tabIndex={-1} className={styles.problem} role="alert">
            <p>{problem.message}</p>
            {problem.unverifiedEmail && resend.status !== 'done' && (
              <button
                type="button"
                className={formStyles.linkButton}
                onClick={() => problem.unverifiedEmail && resendVerification(problem.unverifiedEmail)}
                aria-disabled={resend.status === 'sending' || undefined}
              >
                {t(resend.status === 'sending' ? 'auth.login.sending' : 'auth.login.resend')}
              </button>
            )}
          </div>
        )}
        {(resend.status === 'done' || resend.status === 'failed') && (
          <p className={resend.status === 'done' ? styles.notice : styles.problem} role="status">
            {resend.message}
          </p>
        )}
        <SubmitButton busy={sending} label={t('auth.fields.continueWithEmail')} busyLabel={t('auth.login.loggingIn')} />
      </form>
      <FederatedButton
        returnTo={target}
        newUserReturnTo={newAccountTarget}
        onSignedIn={goOnFederated}
        onError={(message) => setProblem(message ? { message } : null)}
      />
    </AuthLayout>
  );
}
