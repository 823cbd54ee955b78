import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../i18n/use-t.tsx';
import type { Route } from './+types/popup-complete-page';
import styles from './auth-form.module.css';
import { AuthLayout } from './auth-layout.tsx';
import {
  FEDERATED_ACK_TYPE,
  FEDERATED_CHANNEL,
  FEDERATED_MESSAGE_TYPE,
  type FederatedResultMessage,
  NEW_USER_PARAM,
} from './federated-sign-in.ts';
import { NEW_ACCOUNT_PATH } from './session.ts';

export function meta(_: Route.MetaArgs) {
  return [{ name: 'robots', content: 'noindex' }];
}

/** How long to wait for the opening tab to answer on the channel before finishing here. */
const ACK_TIMEOUT_MS = 1500;

/**
 * Where the federated provider sends the sign-in popup back. Tells the page that opened it how
 * it went, then closes. Without an opener (opened directly, or the opener was cut off by a
 * cross-origin hop) it tries the same-origin channel, and if no tab answers it finishes the
 * sign-in in this window through the login page's redirect handling.
 */
export default function PopupCompletePage() {
  const t = useT();
  const navigate = useNavigate();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const params = new URLSearchParams(window.location.search);
    const error = params.get('error');
    const newUser = !error && params.get(NEW_USER_PARAM) === '1';
    const message: FederatedResultMessage = { type: FEDERATED_MESSAGE_TYPE, error, newUser };

    const opener = window.opener as Window | null;
    if (opener && !opener.closed) {
      opener.postMessage(message, window.location.origin);
      window.close();
      return;
    }

    // A new account goes on to the wizard here too, like it would in the opening tab.
    const finishHere = () => {
      const redirect = newUser ? `&redirect=${encodeURIComponent(NEW_ACCOUNT_PATH)}` : '';
      const query = error ? `federated=error&error=${encodeURIComponent(error)}` : `federated=done${redirect}`;
      navigate(`/login?${query}`, { replace: true });
    };
    if (typeof BroadcastChannel !== 'function') {
      finishHere();
      return;
    }
    const channel = new BroadcastChannel(FEDERATED_CHANNEL);
    const timer = setTimeout(() => {
      channel.close();
      finishHere();
    }, ACK_TIMEOUT_MS);
    channel.onmessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type !== FEDERATED_ACK_TYPE) return;
      clearTimeout(timer);
      channel.close();
      window.close();
    };
    channel.postMessage(message);
  }, [navigate]);

  return (
    <AuthLayout
      title={t('auth.popup.title')}
      documentTitle={t('auth.popup.documentTitle')}
      subtitle={t('auth.popup.subtitle')}
    >
      <p className={styles.pulse}>{t('auth.popup.finishing')}</p>
    </AuthLayout>
  );
}
