import { useEffect, useState } from 'react';

/** Where ALTCHA widgets fetch their challenge. */
export const ALTCHA_CHALLENGE_URL = '/api/captcha/challenge';

/**
 * `altcha/external` is the build without workers inlined as blob: URLs, which the pages' CSP
 * (worker-src falls back to script-src 'self') would block; the PBKDF2 worker is bundled by Vite as a
 * same-origin file instead. The stylesheet is linked by URL: the build merges imported CSS into the
 * one site-wide file. It styles the checkbox and hides the invisible widget's markup.
 */
async function importAltcha(): Promise<void> {
  const [, stylesheet, worker] = await Promise.all([
    import('altcha/external'),
    import('altcha/altcha.css?url'),
    import('altcha/workers/pbkdf2?worker'),
    // The widget's own texts ('I'm not a robot') in German and Russian; English is built in.
    import('altcha/i18n/de'),
    import('altcha/i18n/ru'),
  ]);
  if (!document.querySelector('link[data-altcha]')) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheet.default;
    link.dataset.altcha = '';
    document.head.append(link);
  }
  globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new worker.default());
}

let loading: Promise<void> | undefined;

/** Loads the widget once per page, only where a captcha is used; after a failure the next call tries again. */
export function loadAltcha(): Promise<void> {
  loading ??= importAltcha().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export type AltchaStatus = 'loading' | 'ready' | 'failed';

/** Loads the widget when `enabled` and tells when `<altcha-widget>` can be rendered. */
export function useAltcha(enabled = true): AltchaStatus {
  const [status, setStatus] = useState<AltchaStatus>('loading');
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    loadAltcha().then(
      () => active && setStatus('ready'),
      () => active && setStatus('failed'),
    );
    return () => {
      active = false;
    };
  }, [enabled]);
  return status;
}
