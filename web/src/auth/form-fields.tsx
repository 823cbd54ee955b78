import { PASSWORD_MIN_LENGTH } from '@firstday/common/schema-constants';
import { type InputHTMLAttributes, type Ref, useState } from 'react';
import { Button, ButtonSpinner } from '../components/button.tsx';
import { useT } from '../i18n/use-t.tsx';
import { translateValidation } from '../lib/validation-messages.ts';
import formStyles from '../styles/form.module.css';
import styles from './auth-form.module.css';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

function getDescribedBy(id: string, error?: string, hint?: string) {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
}

/** A labelled input whose error is announced with it (aria-invalid + aria-describedby). */
export function TextField({ id, label, error, hint, ...inputProps }: FieldProps) {
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <input
        id={id}
        className={formStyles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={getDescribedBy(id, error, hint)}
        {...inputProps}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** An example address: the same in every language. */
const EMAIL_PLACEHOLDER = 'name@example.com';

/** The e-mail field of the log-in, sign-up and password-recovery forms. */
export function EmailField(props: Omit<FieldProps, 'label'>) {
  const t = useT();
  return (
    <TextField
      label={t('auth.fields.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder={EMAIL_PLACEHOLDER}
      {...props}
    />
  );
}

/** A password being chosen (sign-up, reset): the length rule is told before it is broken. */
export function NewPasswordField(props: Omit<FieldProps, 'hint'>) {
  const t = useT();
  return (
    <PasswordField
      autoComplete="new-password"
      hint={t('auth.fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      {...props}
    />
  );
}

/** A password input with a show/hide toggle; the toggle states its effect and its pressed state. */
export function PasswordField({ id, label, error, hint, ...inputProps }: FieldProps) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <div className={styles.passwordWrap}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={formStyles.input}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={getDescribedBy(id, error, hint)}
          {...inputProps}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-controls={id}
          aria-pressed={visible}
          aria-label={t(visible ? 'auth.fields.hidePassword' : 'auth.fields.showPassword')}
          onClick={() => setVisible((shown) => !shown)}
        >
          {t(visible ? 'auth.fields.hide' : 'auth.fields.show')}
        </button>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The hint, then the error, under an input: the ids getDescribedBy points the input to. */
function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  const t = useT();
  if (!message) return null;
  return (
    <p id={id} className={formStyles.fieldError}>
      {translateValidation(message, t)}
    </p>
  );
}

/** The submit button with a busy state that keeps it focusable (aria-disabled rather than disabled). */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" size="lg" className={styles.submit} aria-disabled={busy || undefined}>
      {busy && <ButtonSpinner />}
      {busy ? busyLabel : label}
    </Button>
  );
}
