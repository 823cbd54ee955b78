import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

/** 'danger': for what cannot be undone (deleting, removing). */
export type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type Size = 'md' | 'lg';

export function getButtonClass(variant: Variant, size: Size, className?: string) {
  return [styles.button, styles[variant], styles[size], className].filter(Boolean).join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size };

export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={getButtonClass(variant, size, className)} {...props} />;
}

type ButtonAnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: Variant; size?: Size };

/**
 * A plain anchor that looks like a button: links of the marketing pages (documents that hydrate
 * without the client router, decision 021), mailto:, tel: and external pages.
 */
export function ButtonAnchor({ variant = 'primary', size = 'md', className, ...props }: ButtonAnchorProps) {
  return <a className={getButtonClass(variant, size, className)} {...props} />;
}

/** The spinner a busy primary button shows before its label. */
export function ButtonSpinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}
