import type { PublicConfig } from '@firstday/common/config';
import { postJson } from '../lib/api.ts';

export type FederatedProvider = NonNullable<PublicConfig['federatedProvider']>;

/** What /auth/popup-complete tells the page that opened it; `newUser` when the sign-in created the account. */
export type FederatedResultMessage = { type: typeof FEDERATED_MESSAGE_TYPE; error: string | null; newUser?: boolean };

export const FEDERATED_MESSAGE_TYPE = 'firstday:federated';
/** The popup answers on this channel too: a cross-origin hop in the popup can cut `window.opener`. */
export const FEDERATED_CHANNEL = 'firstday-federated';
export const FEDERATED_ACK_TYPE = 'firstday:federated-ack';
export const POPUP_COMPLETE_PATH = '/auth/popup-complete';
/** better-auth sends a sign-in that created the account to its `newUserCallbackURL`: the popup's page with this flag. */
export const NEW_USER_PARAM = 'new_user';
/** After the popup closes without an answer, the attempt fails this much later (specification). */
export const POPUP_CLOSED_GRACE_MS = 8000;

const POPUP_NAME = 'firstday-federated';
const POPUP_CHECK_MS = 500;

/** A federated sign-in that did not end in a session; `code` is a key of the federated texts. */
export class FederatedSignInError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`Federated sign-in failed: ${code}`);
    this.name = 'FederatedSignInError';
    this.code = code;
  }
}

export function isFederatedResultMessage(data: unknown): data is FederatedResultMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<FederatedResultMessage>;
  return (
    message.type === FEDERATED_MESSAGE_TYPE &&
    (message.error === null || typeof message.error === 'string') &&
    (message.newUser === undefined || typeof message.newUser === 'boolean')
  );
}

function getPopupFeatures(): string {
  const width = 500;
  const height = 600;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},popup=yes`;
}

type ProviderCallbacks = { callbackURL: string; newUserCallbackURL: string; errorCallbackURL: string };

async function requestProviderUrl(providerId: string, callbacks: ProviderCallbacks) {
  // better-auth's generic OAuth providers sign in through the social sign-in endpoint.
  const { url } = await postJson<{ url: string }>('/api/auth/sign-in/social', {
    provider: providerId,
    ...callbacks,
    disableRedirect: true,
  });
  return url;
}

let cancelActiveAttempt: ((code: string) => void) | null = null;

/** 'signed-up' when the sign-in created the account; 'redirecting' when the whole page went to the provider. */
export type FederatedOutcome = 'signed-in' | 'signed-up' | 'redirecting';

/** Where the redirect fallback ends: an existing account, and one the sign-in creates (safe paths). */
export type FederatedReturn = { returnTo: string; newUserReturnTo: string };

function buildLoginReturn(result: 'done' | 'error', returnTo: string) {
  return `/login?federated=${result}&redirect=${encodeURIComponent(returnTo)}`;
}

/**
 * Signs in with the federated provider. MUST be called straight from a click handler: the popup
 * is opened before the first await, which is what pop-up blockers let through. Resolves
 * 'signed-in' or 'signed-up' once the popup reports success (the caller then confirms the session
 * and goes on), or 'redirecting' when a blocked popup made the whole page go to the provider
 * instead; the targets ride along in that fallback, so the login page finishes where it should.
 */
export async function signInWithFederatedProvider(
  providerId: string,
  { returnTo, newUserReturnTo }: FederatedReturn,
): Promise<FederatedOutcome> {
  const popup = window.open('about:blank', POPUP_NAME, getPopupFeatures());
  if (!popup) {
    const url = await requestProviderUrl(providerId, {
      callbackURL: buildLoginReturn('done', returnTo),
      newUserCallbackURL: buildLoginReturn('done', newUserReturnTo),
      errorCallbackURL: buildLoginReturn('error', returnTo),
    });
    window.location.assign(url);
    return 'redirecting';
  }

  cancelActiveAttempt?.('cancelled-popup-request');
  const result = waitForPopupResult(popup);
  // The caller hears about a failed request below; the attempt's own rejection is expected then.
  result.catch(() => undefined);
  try {
    popup.location.href = await requestProviderUrl(providerId, {
      callbackURL: POPUP_COMPLETE_PATH,
      newUserCallbackURL: `${POPUP_COMPLETE_PATH}?${NEW_USER_PARAM}=1`,
      errorCallbackURL: POPUP_COMPLETE_PATH,
    });
  } catch (error) {
    popup.close();
    cancelActiveAttempt?.('network-request-failed');
    throw error;
  }
  return (await result).newUser ? 'signed-up' : 'signed-in';
}

/** Resolves on a success message from the popup; rejects with its error, a cancel, or a silent close. */
function waitForPopupResult(popup: Window): Promise<{ newUser: boolean }> {
  return new Promise<{ newUser: boolean }>((resolve, reject) => {
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(FEDERATED_CHANNEL) : null;
    let closedTimer: ReturnType<typeof setTimeout> | undefined;

    const finish = (error: string | null, newUser = false) => {
      window.removeEventListener('message', onWindowMessage);
      channel?.close();
      clearInterval(closedCheck);
      clearTimeout(closedTimer);
      if (cancelActiveAttempt === cancel) cancelActiveAttempt = null;
      if (error) reject(new FederatedSignInError(error));
      else resolve({ newUser });
    };
    const cancel = (code: string) => finish(code);
    // Only our own origin may end the attempt: any other page could post a fake success.
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && isFederatedResultMessage(event.data)) {
        finish(event.data.error, event.data.newUser);
      }
    };
    if (channel) {
      // A channel only reaches pages of this origin; the ack tells the popup it may close.
      channel.onmessage = (event: MessageEvent) => {
        if (!isFederatedResultMessage(event.data)) return;
        channel.postMessage({ type: FEDERATED_ACK_TYPE });
        finish(event.data.error, event.data.newUser);
      };
    }
    const closedCheck = setInterval(() => {
      if (!popup.closed || closedTimer) return;
      closedTimer = setTimeout(() => finish('popup-closed-by-user'), POPUP_CLOSED_GRACE_MS);
    }, POPUP_CHECK_MS);

    window.addEventListener('message', onWindowMessage);
    cancelActiveAttempt = cancel;
  });
}
