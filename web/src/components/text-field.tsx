import { LinguiContext } from '@lingui/react';
import { type InputHTMLAttributes, type ReactNode, useContext, useId } from 'react';
import { useT } from '../i18n/use-t.tsx';
import { translateValidation } from '../lib/validation-messages.ts';
import formStyles from '../styles/form.module.css';
import styles from './text-field.module.css';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Shown inside the field before the value, e.g. '$'. */
  prefix?: string;
  /** A control below the hint that belongs to the field, e.g. 'Revert to the saved IBAN'. */
  after?: ReactNode;
  ref?: React.Ref<HTMLInputElement>;
};

/** Label, input, hint and inline error, wired with aria-describedby and aria-invalid. */
export function TextField({ label, hint, error, prefix, after, ref, className, ...inputProps }: TextFieldProps) {
  // Not useT(): other areas' components and tests render this field outside an I18nProvider too.
  const lingui = useContext(LinguiContext);
  const shownError = lingui ? translateValidation(error, (key, values) => lingui.i18n._(key, values)) : error;
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[formStyles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <div className={styles.inputWrap} data-prefix={prefix ? true : undefined}>
        {prefix && (
          <span className={styles.prefix} aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          ref={ref}
          id={id}
          className={formStyles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
        />
      </div>
      {error && (
        <p id={errorId} className={formStyles.fieldError}>
          {shownError}
        </p>
      )}
      {hint && (
        <p id={hintId} className={formStyles.hint}>
          {hint}
        </p>
      )}
      {after && <div>{after}</div>}
    </div>
  );
}

/**
 * An IBAN as typed by a person: spaces allowed, capitals, no spell check or autofill guesses. The
 * empty field's example starts with 'e.g.' (and shows in italics), so it never reads as a saved IBAN.
 */
export function IbanField(props: Omit<TextFieldProps, 'label'>) {
  const t = useT();
  return (
    <TextField
      label="IBAN"
      autoComplete="off"
      spellCheck={false}
      autoCapitalize="characters"
      placeholder={t('app.iban.placeholder')}
      {...props}
    />
  );
}
