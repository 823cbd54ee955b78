import type { SubscribeResponse } from '@firstday/common/newsletter';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonSpinner } from '../components/button.tsx';
import { ButtonLink } from '../components/button-link.tsx';
import { T, useLocalizedPath, useT } from '../i18n/use-t.tsx';
import { ApiError, postJson } from '../lib/api.ts';
import { getErrorMessage, isRetryableError } from '../lib/error-messages.ts';
import { lazyZodResolver } from '../lib/lazy-zod-resolver.ts';
import { useFormCheckedOnSend } from '../lib/use-form-checked-on-send.ts';
import formStyles from '../styles/form.module.css';
import styles from './newsletter-form.module.css';

/** An address shape, the same in every language. */
const EMAIL_EXAMPLE = 'name@example.com';

type FormProblem = { message: string; retryable: boolean };

/** E-mail + terms checkbox; posts to the subscribe endpoint and thanks the visitor in place. */
// The schema (and zod) load when the form is touched or sent, not with the page (decision 036).
const subscribeResolver = lazyZodResolver(() =>
  import('@firstday/common/newsletter').then((module) => module.SubscribeRequestSchema),
);

export function NewsletterForm() {
  const t = useT();
  const localized = useLocalizedPath();
  const id = useId();
  const emailId = `${id}-email`;
  const emailErrorId = `${id}-email-error`;
  const termsId = `${id}-terms`;
  const [agreed, setAgreed] = useState(false);
  const [sending, setSending] = useState(false);
  const [subscribedEmail, setSubscribedEmail] = useState<string | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const agreeRef = useRef<HTMLInputElement>(null);
  // Ticked before the page's scripts ran (they start after the first paint): React leaves the box
  // as the visitor left it when it hydrates, so the state follows it, and the button is enabled.
  useEffect(() => {
    if (agreeRef.current?.checked) setAgreed(true);
  }, []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useFormCheckedOnSend({ resolver: subscribeResolver, defaultValues: { email: '' } });

  // The form disappears on success; keep keyboard and screen-reader users in the new content.
  useEffect(() => {
    if (subscribedEmail) thanksRef.current?.focus();
  }, [subscribedEmail]);

  const subscribe = handleSubmit(async ({ email }) => {
    if (sending || !agreed) return;
    setSending(true);
    setProblem(null);
    try {
      await postJson<SubscribeResponse>('/api/emails/subscribe', { email });
      setSubscribedEmail(email);
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields.email : undefined;
      if (fieldMessage) setError('email', { message: fieldMessage }, { shouldFocus: true });
      else setProblem({ message: getErrorMessage(error), retryable: isRetryableError(error) });
    } finally {
      setSending(false);
    }
  });

  if (subscribedEmail) {
    return (
      <div className={styles.thanks}>
        <span className={styles.thanksIcon} aria-hidden="true">
          ✓
        </span>
        <h2 ref={thanksRef} tabIndex={-1} className={styles.thanksTitle}>
          {t('pages.newsletter.thanksTitle')}
        </h2>
        <p>{t('pages.newsletter.onTheList')}</p>
        <p>
          <T
            id="pages.newsletter.confirmationSent"
            values={{ email: subscribedEmail }}
            components={{ 0: <strong className={styles.address}>{subscribedEmail}</strong> }}
          />
        </p>
        <ButtonLink to={localized('/')} variant="secondary">
          {t('pages.newsletter.backHome')}
        </ButtonLink>
      </div>
    );
  }

  const emailError = errors.email?.message;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={subscribe}
      onFocus={subscribeResolver.warm}
      onPointerDown={subscribeResolver.warm}
      aria-busy={sending}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className={styles.formTitle}>
        {t('pages.newsletter.title')}
      </h2>
      <div className={formStyles.field}>
        <label htmlFor={emailId} className={formStyles.label}>
          {t('pages.newsletter.emailLabel')}
        </label>
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={EMAIL_EXAMPLE}
          className={formStyles.input}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? emailErrorId : undefined}
          {...register('email')}
        />
        {emailError && (
          <p id={emailErrorId} className={formStyles.fieldError}>
            {emailError}
          </p>
        )}
      </div>

      <div className={styles.check}>
        <input
          id={termsId}
          ref={agreeRef}
          type="checkbox"
          className={styles.checkbox}
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <label htmlFor={termsId}>
          <T id="pages.newsletter.agree" components={{ 0: <Link to={localized('/terms')}>…</Link> }} />
        </label>
      </div>

      {problem && (
        <div className={styles.problem} role="alert">
          <p>{problem.message}</p>
          {problem.retryable && (
            <Button variant="secondary" onClick={() => subscribe()} disabled={sending}>
              {t('pages.newsletter.tryAgain')}
            </Button>
          )}
        </div>
      )}

      <Button type="submit" size="lg" className={styles.submit} disabled={!agreed} aria-disabled={sending || undefined}>
        {sending && <ButtonSpinner />}
        {sending ? t('pages.newsletter.subscribing') : t('pages.newsletter.subscribe')}
      </Button>
      {!agreed && <p className={styles.hint}>{t('pages.newsletter.tickHint')}</p>}
    </form>
  );
}
