import { PasswordSchema } from '@firstday/common/account';
import { EmailSchema } from '@firstday/common/email';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../components/button.tsx';
import { CaptchaField } from '../components/captcha-field.tsx';
import type { MessageId } from '../i18n/namespaces.ts';
import { messageId, T, type Translate, useT } from '../i18n/use-t.tsx';
import { ApiError, postJson } from '../lib/api.ts';
import { CAPTCHA_MESSAGE, getErrorMessage } from '../lib/error-messages.ts';
import { setServerFieldErrors } from '../lib/form-errors.ts';
import { useFormCheckedOnSend } from '../lib/use-form-checked-on-send.ts';
import formStyles from '../styles/form.module.css';
import type { Route } from './+types/reset-password-page';
import styles from './auth-form.module.css';
import { AuthLayout } from './auth-layout.tsx';
import { EmailField, FieldError, NewPasswordField, SubmitButton } from './form-fields.tsx';
import { withLoginNotice } from './login-notices.ts';

export function meta(_: Route.MetaArgs) {
  return [{ name: 'robots', content: 'noindex' }];
}

// This page's own messages are catalogue keys; the shared schemas' are translated by FieldError.
const EMAIL_REQUIRED = messageId('auth.reset.emailRequired');
const NEW_PASSWORD_REQUIRED = messageId('auth.reset.newPasswordRequired');
const RequestSchema = z.object({
  email: z.string().trim().min(1, EMAIL_REQUIRED).pipe(EmailSchema),
});
const NewPasswordSchema = z.object({
  newPassword: z.string().min(1, NEW_PASSWORD_REQUIRED).pipe(PasswordSchema),
});

function ownMessage(message: string | undefined, t: Translate): string | undefined {
  return message === EMAIL_REQUIRED || message === NEW_PASSWORD_REQUIRED ? t(message as MessageId) : message;
}

const BACK_TO_LOGIN = <T id="auth.reset.backToLogin" components={{ 0: <Link to="/login" /> }} />;

type Step = { name: 'request'; notice?: string; problem?: string } | { name: 'sent'; email: string };

/** Password recovery: (1) e-mail + captcha, (2) 'Confirm your email', (3) `?oobCode=` → new password. */
export default function ResetPasswordPage() {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('oobCode');
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<Step>({ name: 'request' });

  if (token) {
    return (
      <NewPasswordStep
        token={token}
        onExpired={() => {
          // Drop the used token from the address (and from history) and start over.
          setSearchParams({}, { replace: true });
          setStep({ name: 'request', problem: t('app.errors.invalidToken') });
        }}
      />
    );
  }

  if (step.name === 'sent') {
    return (
      <AuthLayout
        title={t('auth.signup.confirmTitle')}
        documentTitle={t('auth.reset.documentTitle')}
        stepKey="sent"
        footer={BACK_TO_LOGIN}
      >
        <div className={styles.panel}>
          <p className={styles.notice} role="status">
            {t('auth.reset.submitted')}
          </p>
          <p>
            <T
              id="auth.reset.sent"
              values={{ email: step.email }}
              components={{ 0: <strong className={styles.address}>{step.email}</strong> }}
            />
          </p>
          <p>{t('auth.reset.nothingThere')}</p>
          <Button
            variant="secondary"
            size="lg"
            className={styles.submit}
            onClick={() => setStep({ name: 'request', notice: t('auth.reset.verifyAgain') })}
          >
            {t('auth.confirmEmail.resend')}
          </Button>
          <p className={formStyles.hint}>{t('auth.reset.resendHint')}</p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <RequestStep
      key={step.problem ?? step.notice ?? 'start'}
      email={email}
      notice={step.notice}
      problem={step.problem}
      onSent={(sentTo) => {
        setEmail(sentTo);
        setStep({ name: 'sent', email: sentTo });
      }}
    />
  );
}

function RequestStep({
  email,
  notice,
  problem: initialProblem,
  onSent,
}: {
  email: string;
  notice?: string;
  problem?: string;
  onSent(email: string): void;
}) {
  const t = useT();
  const id = useId();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(initialProblem ?? null);
  const [captchaValue, setCaptchaValue] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  // A captcha token works once: a new key gives a fresh widget after every server answer.
  const [captchaKey, setCaptchaKey] = useState(0);
  const captchaErrorId = `${id}-captcha-error`;
  const captchaRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useFormCheckedOnSend({ resolver: zodResolver(RequestSchema), defaultValues: { email } });

  useEffect(() => {
    if (email) setFocus('email');
  }, [email, setFocus]);

  const focusCaptcha = () => captchaRef.current?.querySelector<HTMLElement>('input, button, iframe')?.focus();

  const recover = handleSubmit(
    async (values) => {
      if (sending) return;
      if (!captchaValue) {
        setCaptchaError(t(CAPTCHA_MESSAGE));
        focusCaptcha();
        return;
      }
      setSending(true);
      setProblem(null);
      try {
        await postJson('/api/account/password-reset', { email: values.email, captchaValue });
        onSent(values.email);
      } catch (error) {
        setCaptchaValue(null);
        setCaptchaKey((key) => key + 1);
        if (error instanceof ApiError && error.code === 'captcha_failed') setCaptchaError(t(CAPTCHA_MESSAGE));
        else if (!setServerFieldErrors(error, setError, ['email'])) setProblem(getErrorMessage(error, t));
      } finally {
        setSending(false);
      }
    },
    // The e-mail is checked first; a missing captcha is reported with it so both show at once.
    () => {
      if (!captchaValue) setCaptchaError(t(CAPTCHA_MESSAGE));
    },
  );

  return (
    <AuthLayout
      title={t('auth.reset.requestTitle')}
      documentTitle={t('auth.reset.documentTitle')}
      subtitle={t('auth.reset.requestSubtitle')}
      stepKey={notice || initialProblem ? 'request-again' : undefined}
      footer={BACK_TO_LOGIN}
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={recover}
        aria-busy={sending}
        aria-label={t('auth.reset.requestButton')}
      >
        {notice && (
          <p className={styles.notice} role="status">
            {notice}
          </p>
        )}
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <EmailField id={`${id}-email`} error={ownMessage(errors.email?.message, t)} {...register('email')} />
        <div ref={captchaRef} className={formStyles.field}>
          <CaptchaField
            key={captchaKey}
            onChange={(value) => {
              setCaptchaValue(value);
              if (value) setCaptchaError(null);
            }}
            invalid={Boolean(captchaError)}
            describedBy={captchaError ? captchaErrorId : undefined}
          />
          <FieldError id={captchaErrorId} message={captchaError ?? undefined} />
        </div>
        <SubmitButton busy={sending} label={t('auth.reset.requestButton')} busyLabel={t('auth.reset.sendingLink')} />
      </form>
    </AuthLayout>
  );
}

function NewPasswordStep({ token, onExpired }: { token: string; onExpired(): void }) {
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
  } = useFormCheckedOnSend({ resolver: zodResolver(NewPasswordSchema), defaultValues: { newPassword: '' } });

  const resetPassword = handleSubmit(async ({ newPassword }) => {
    if (sending) return;
    setSending(true);
    setProblem(null);
    try {
      await postJson('/api/auth/reset-password', { newPassword, token });
      // Replace: the used token should not stay in the history.
      navigate(withLoginNotice('password-reset'), { replace: true });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      if (code === 'invalid_token') onExpired();
      else if (setServerFieldErrors(error, setError, ['newPassword'])) {
        // Shown at the field.
      } else if (code === 'password_too_short' || code === 'password_too_long') {
        setError('newPassword', { message: getErrorMessage(error, t) }, { shouldFocus: true });
      } else setProblem(code === 'rate_limited' ? getErrorMessage(error, t) : t('auth.reset.failed'));
    } finally {
      setSending(false);
    }
  });

  return (
    <AuthLayout
      title={t('auth.reset.newPasswordTitle')}
      documentTitle={t('auth.reset.documentTitle')}
      subtitle={t('auth.reset.newPasswordSubtitle')}
      footer={BACK_TO_LOGIN}
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={resetPassword}
        aria-busy={sending}
        aria-label={t('auth.reset.newPasswordTitle')}
      >
        <NewPasswordField
          id={`${id}-new-password`}
          label={t('auth.reset.newPassword')}
          error={ownMessage(errors.newPassword?.message, t)}
          {...register('newPassword')}
        />
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <SubmitButton busy={sending} label={t('auth.reset.newPasswordTitle')} busyLabel={t('auth.reset.saving')} />
      </form>
    </AuthLayout>
  );
}
