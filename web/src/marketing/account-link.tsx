import { useSignedInState } from '../auth/signed-in-state.ts';
import { ButtonAnchor } from '../components/button.tsx';
import { useT } from '../i18n/use-t.tsx';
import styles from './account-link.module.css';

type AccountLinkProps = {
  /** 'button': a secondary button (top bars); 'plain': a link the caller styles (the header's menu). */
  look?: 'button' | 'plain';
  className?: string;
  onClick?(): void;
};

/**
 * 'Log in', or 'My calendars' once the server says the visitor is signed in. The prerendered page
 * says 'Log in' (also a signed-in visitor's way in: /login sends them straight on); the answer is
 * read after load, so it costs the page nothing.
 */
export function AccountLink({ look = 'button', className, onClick }: AccountLinkProps) {
  const t = useT();
  const signedIn = useSignedInState() === 'signed-in';
  const to = signedIn ? '/my_calendars' : '/login';
  const label = t(signedIn ? 'common.account.myCalendars' : 'common.account.logIn');
  if (look === 'plain') {
    return (
      <a href={to} className={className} onClick={onClick}>
        {label}
      </a>
    );
  }
  return (
    <ButtonAnchor
      href={to}
      variant="secondary"
      className={[styles.button, className].filter(Boolean).join(' ')}
      onClick={onClick}
    >
      {label}
    </ButtonAnchor>
  );
}
