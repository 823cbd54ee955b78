import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import { type ReactNode, useCallback, useRef } from 'react';
import { ALTCHA_CHALLENGE_URL, loadAltcha, useAltcha } from '../components/altcha-loader.ts';
import { CaptchaField } from '../components/captcha-field.tsx';
import { webEnv } from '../env.ts';

/** A solved challenge older than this is solved again: the server refuses expired ones. */
const FRESH_FOR_MS = 2 * 60_000;

type Solved = { payload: Promise<string>; at: number };

/**
 * The contribution form's proof of work, solved in the background while the person writes: no
 * checkbox to tick. `getToken` answers a fresh payload for each request (a challenge is single use)
 * and starts solving the next one. Hosted providers (reCAPTCHA, Turnstile) cannot be invisible
 * here, so they show their widget.
 */
export function useInvisibleCaptcha(): { widget: ReactNode; getToken: () => Promise<string> } {
  const invisible = webEnv.VITE_CAPTCHA_PROVIDER === 'altcha';
  const widgetRef = useRef<AltchaWidgetElement | null>(null);
  const solvedRef = useRef<Solved | null>(null);
  const loaded = useAltcha(invisible) === 'ready';
  const hostedTokenRef = useRef<string | null>(null);

  const solve = useCallback((): Solved => {
    const widget = widgetRef.current;
    const payload = (async () => {
      if (!widget) throw new Error('captcha not ready');
      const result = await widget.verify();
      if (!result?.payload) throw new Error('captcha not solved');
      return result.payload;
    })();
    // A failed background solve is retried by getToken; it must not be an unhandled rejection.
    payload.catch(() => undefined);
    return { payload, at: Date.now() };
  }, []);

  const attachWidget = useCallback(
    (element: HTMLElement | null) => {
      const widget = element as AltchaWidgetElement | null;
      widgetRef.current = widget;
      if (widget) solvedRef.current = solve();
    },
    [solve],
  );

  const getToken = useCallback(async (): Promise<string> => {
    if (!invisible) {
      if (!hostedTokenRef.current) throw new Error('captcha not solved');
      return hostedTokenRef.current;
    }
    await loadAltcha();
    let solved = solvedRef.current;
    if (!solved || Date.now() - solved.at > FRESH_FOR_MS) solved = solve();
    solvedRef.current = null;
    try {
      return await solved.payload;
    } catch {
      return await solve().payload;
    } finally {
      solvedRef.current = solve();
    }
  }, [invisible, solve]);

  let widget: ReactNode = null;
  if (!invisible) {
    widget = (
      <CaptchaField
        onChange={(value) => {
          hostedTokenRef.current = value;
        }}
      />
    );
  } else if (loaded) {
    widget = (
      <altcha-widget
        ref={attachWidget}
        challenge={ALTCHA_CHALLENGE_URL}
        display="invisible"
        name="captchaValue"
        configuration={JSON.stringify({ hideFooter: true, hideLogo: true })}
      />
    );
  }
  return { widget, getToken };
}
