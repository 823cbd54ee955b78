import { EmailSchema } from '@firstday/common/email';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { getButtonClass } from '../components/button.tsx';
import { messageId, T, useT } from '../i18n/use-t.tsx';
import { ApiError, postJson } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { setServerFieldErrors } from '../lib/form-errors.ts';
import { useFormCheckedOnSend } from '../lib/use-form-checked-on-send.ts';
import type { Route } from './+types/confirm-email-page';
import styles from './auth-form.module.css';
import { AuthLayout } from './auth-layout.tsx';
import { EmailField, SubmitButton } from './form-fields.tsx';
import { getRequestedTarget, hasVerifiedSession, NEW_ACCOUNT_PATH, withRedirect } from './session.ts';

export function meta(_: Route.MetaArgs) {
  return [{ name: 'robots', content: 'noindex' }];
}

const EMAIL_REQUIRED = messageId('auth.confirmLink.emailRequired');
const ResendSchema = z.object({ email: z.string().trim().min(1, EMAIL_REQUIRED).pipe(EmailSchema) });

/** Why the server sent the visitor here from a confirmation link (pending-sign-up.ts on the server). */
type LinkProblem = 'expired' | 'used' | 'invalid';
const readProblem = (value: string | null): LinkProblem =>
  value === 'expired' || value === 'used' ? value : 'invalid';

/**
 * Where a confirmation link that cannot confirm leads: an expired or broken one says so and sends
 * a new one; a used one says the address is already confirmed and leads to log in (or straight on,
 * when this browser is signed in).
 */
export default function ConfirmEmailPage() {
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const problem = readProblem(searchParams.get('link'));
  const requested = getRequestedTarget(searchParams);
  const continueTo = requested ?? NEW_ACCOUNT_PATH;

  useEffect(() => {
    if (problem !== 'used') return;
    hasVerifiedSession()
      .then((signedIn) => {
        if (signedIn) navigate(continueTo, { replace: true });
      })
      .catch(() => {});
  }, [problem, continueTo, navigate]);

  const title = {
    expired: t('auth.confirmLink.expiredTitle'),
    used: t('auth.confirmLink.usedTitle'),
    invalid: t('auth.confirmLink.invalidTitle'),
  }[problem];
  const explanation = {
    expired: t('auth.confirmLink.expiredText'),
    used: t('auth.confirmLink.usedText'),
    invalid: t('auth.confirmLink.invalidText'),
  }[problem];
  const loginPath = withRedirect('/login', requested ?? NEW_ACCOUNT_PATH);

  return (
    <AuthLayout
      title={title}
      documentTitle={`${title} · Firstday`}
      subtitle={explanation}
      footer={<T id="auth.confirmLink.logInInstead" components={{ 0: <Link to={loginPath} /> }} />}
    >
      {problem === 'used' ? (
        <div className={styles.actions}>
          <Link to={loginPath} className={getButtonClass('primary', 'lg', styles.submit)}>
            {t('auth.confirmLink.logIn')}
          </Link>
        </div>
      ) : (
        <ResendForm initialEmail={searchParams.get('email') ?? ''} continueTo={continueTo} />
      )}
    </AuthLayout>
  );
}

function ResendForm({ initialEmail, continueTo }: { initialEmail: string; continueTo: string }) {
  const t = useT();
  const id = useId();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useFormCheckedOnSend({ resolver: zodResolver(ResendSchema), defaultValues: { email: initialEmail } });

  const resend = handleSubmit(async ({ email }) => {
    if (sending) return;
    setSending(true);
    setProblem(null);
    setSentTo(null);
    try {
      // Limited per address and per address and IP like every resend (auth-routes.ts, auth.ts).
      await postJson('/api/auth/send-verification-email', { email, callbackURL: continueTo });
      setSentTo(email);
    } catch (error) {
      if (setServerFieldErrors(error, setError, ['email'])) return;
      const rateLimited = error instanceof ApiError && error.code === 'rate_limited';
      setProblem(rateLimited ? getErrorMessage(error, t) : t('auth.login.resendFailure'));
    } finally {
      setSending(false);
    }
  });

  const emailError = errors.email?.message === EMAIL_REQUIRED ? t(EMAIL_REQUIRED) : errors.email?.message;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={resend}
      aria-busy={sending}
      aria-label={t('auth.confirmLink.resendLabel')}
    >
      <EmailField id={`${id}-email`} error={emailError} {...register('email')} />
      <div aria-live="polite">
        {sentTo && <p className={styles.notice}>{t('auth.confirmLink.resent', { email: sentTo })}</p>}
        {problem && <p className={styles.problem}>{problem}</p>}
      </div>
      <SubmitButton busy={sending} label={t('auth.confirmLink.resend')} busyLabel={t('auth.login.sending')} />
    </form>
  );
}
