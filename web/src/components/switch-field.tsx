import { type InputHTMLAttributes, useId } from 'react';
import formStyles from '../styles/form.module.css';
import styles from './switch-field.module.css';

type SwitchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> & { label: string; hint: string };

/** A checkbox announced as a switch (on/off) with its label and hint. */
export function SwitchField({
  label,
  hint,
  ref,
  ...inputProps
}: SwitchFieldProps & { ref?: React.Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className={styles.switchRow}>
      <div className={styles.switchText}>
        <label htmlFor={id} className={formStyles.label}>
          {label}
        </label>
        <p id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </p>
      </div>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its own checked state; a copied aria-checked would go stale with react-hook-form's uncontrolled input.
        role="switch"
        className={styles.switch}
        aria-describedby={`${id}-hint`}
        {...inputProps}
      />
    </div>
  );
}
