import { useEffect, useRef, useState } from 'react';
import { readPendingSignUp } from './session.ts';

/** This tab's sign-up address while it waits for the link (sessionStorage: the tab's, gone with it). */
const REGISTERED_EMAIL_KEY = 'firstday.registeredEmail';

function readStoredEmail(): string | null {
  try {
    return sessionStorage.getItem(REGISTERED_EMAIL_KEY);
  } catch {
    return null;
  }
}

function storeEmail(email: string | null) {
  try {
    if (email) sessionStorage.setItem(REGISTERED_EMAIL_KEY, email);
    else sessionStorage.removeItem(REGISTERED_EMAIL_KEY);
  } catch {
    // Storage refused (private mode): a reload then shows the sign-up form again, as before.
  }
}

/**
 * The address a sign-up page's 'Confirm your email' panel shows, kept across a reload of the tab:
 * after load it shows again while the server says this browser's sign-up still waits for its link
 * (the pending sign-up cookie), and `onVerified` runs when the link was opened meanwhile.
 */
export function useRegisteredEmail(onVerified: () => void) {
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const onVerifiedRef = useRef(onVerified);
  onVerifiedRef.current = onVerified;

  useEffect(() => {
    const stored = readStoredEmail();
    if (!stored) return;
    let current = true;
    readPendingSignUp().then(
      ({ verified, pending }) => {
        if (!current) return;
        if (verified) onVerifiedRef.current();
        else if (pending) setRegisteredEmail((shown) => shown ?? stored);
        else storeEmail(null);
      },
      () => {
        // Not known now: the form shows, as for a new visit.
      },
    );
    return () => {
      current = false;
    };
  }, []);

  function changeRegisteredEmail(email: string | null) {
    storeEmail(email);
    setRegisteredEmail(email);
  }
  return [registeredEmail, changeRegisteredEmail] as const;
}
