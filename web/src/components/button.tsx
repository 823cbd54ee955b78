import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost';
type Size = 'md' | 'lg';

function getButtonClass(variant: Variant, size: Size, className?: string) {
  return [styles.button, styles[variant], styles[size], className].filter(Boolean).join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size };

export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={getButtonClass(variant, size, className)} {...props} />;
}

type ButtonLinkProps = LinkProps & { variant?: Variant; size?: Size };

/** A client-side link that looks like a button (history push, no full reload). */
export function ButtonLink({ variant = 'primary', size = 'md', className, ...props }: ButtonLinkProps) {
  return <Link className={getButtonClass(variant, size, className)} {...props} />;
}

type ExternalButtonLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: Variant; size?: Size };

/** A plain anchor (mailto:, tel:, external pages) that looks like a button. */
export function ExternalButtonLink({ variant = 'primary', size = 'md', className, ...props }: ExternalButtonLinkProps) {
  return <a className={getButtonClass(variant, size, className)} {...props} />;
}

/** The spinner a busy primary button shows before its label. */
export function ButtonSpinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}
