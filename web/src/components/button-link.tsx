import { Link, type LinkProps } from 'react-router';
import { getButtonClass, type Size, type Variant } from './button.tsx';

type ButtonLinkProps = LinkProps & { variant?: Variant; size?: Size };

/** A client-side link that looks like a button (history push, no full reload). */
export function ButtonLink({ variant = 'primary', size = 'md', className, ...props }: ButtonLinkProps) {
  return <Link className={getButtonClass(variant, size, className)} {...props} />;
}
