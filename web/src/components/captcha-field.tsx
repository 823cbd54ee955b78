import type {} from 'altcha/types/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { webEnv } from '../env';
import { useLocale, useT } from '../i18n/use-t.tsx';
import { ALTCHA_CHALLENGE_URL, useAltcha } from './altcha-loader.ts';
import styles from './captcha-field.module.css';

type CaptchaFieldProps = {
  onChange(value: string | null): void;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * The captcha of the password-recovery form: ALTCHA proof of work by default, reCAPTCHA or
 * Turnstile when VITE_CAPTCHA_PROVIDER says so. Calls `onChange` with the token to send as
 * `captchaValue`, or null when it expires or is reset.
 */
export function CaptchaField(props: CaptchaFieldProps) {
  const className = `${styles.field} ${props.invalid ? styles.invalid : ''}`;
  return (
    <div className={className} data-testid="captcha-field">
      {webEnv.VITE_CAPTCHA_PROVIDER === 'altcha' ? (
        <AltchaWidget {...props} />
      ) : (
        <HostedWidget provider={webEnv.VITE_CAPTCHA_PROVIDER} siteKey={webEnv.VITE_CAPTCHA_SITE_KEY ?? ''} {...props} />
      )}
    </div>
  );
}

function AltchaWidget({ onChange, invalid, describedBy }: CaptchaFieldProps) {
  const t = useT();
  const locale = useLocale();
  const status = useAltcha();
  const loaded = status === 'ready';
  const widgetRef = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // A ref callback subscribes in the same commit that adds the widget, before it can emit.
  const attachWidget = useCallback((widget: HTMLElement | null) => {
    widgetRef.current = widget;
    if (!widget) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload: string | null }>).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    const onExpired = () => onChangeRef.current(null);
    widget.addEventListener('statechange', onStateChange);
    widget.addEventListener('expired', onExpired);
    return () => {
      widget.removeEventListener('statechange', onStateChange);
      widget.removeEventListener('expired', onExpired);
    };
  }, []);

  // The checkbox is rendered by the widget (light DOM); the form's description and error state
  // belong on it, so screen readers announce them with "I'm not a robot".
  useEffect(() => {
    const widget = widgetRef.current;
    if (!loaded || !widget) return;
    const applyAria = () => {
      const checkbox = widget.querySelector<HTMLInputElement>('input[type="checkbox"]');
      if (!checkbox) return;
      if (describedBy) checkbox.setAttribute('aria-describedby', describedBy);
      else checkbox.removeAttribute('aria-describedby');
      if (invalid) checkbox.setAttribute('aria-invalid', 'true');
      else checkbox.removeAttribute('aria-invalid');
    };
    applyAria();
    const observer = new MutationObserver(applyAria);
    observer.observe(widget, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [loaded, describedBy, invalid]);

  if (status === 'failed') {
    return (
      <p className={styles.message} role="alert">
        {t('app.captcha.failed')}
      </p>
    );
  }
  if (!loaded) {
    return (
      <div className={styles.placeholder} aria-busy="true">
        {t('app.captcha.loading')}
      </div>
    );
  }
  return (
    <altcha-widget
      ref={attachWidget}
      challenge={ALTCHA_CHALLENGE_URL}
      type="checkbox"
      name="captchaValue"
      configuration={JSON.stringify({ hideFooter: true, hideLogo: true, minDuration: 300, language: locale })}
    />
  );
}

type HostedProvider = 'recaptcha' | 'turnstile';

type HostedApi = {
  render(container: HTMLElement, options: Record<string, unknown>): string | number;
  reset(widgetId?: string | number): void;
  remove?(widgetId: string | number): void;
};

const HOSTED_SCRIPTS: Record<HostedProvider, { src: string; global: 'grecaptcha' | 'turnstile' }> = {
  recaptcha: { src: 'https://www.google.com/recaptcha/api.js?render=explicit&onload=', global: 'grecaptcha' },
  turnstile: {
    src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload=',
    global: 'turnstile',
  },
};

const hostedLoading = new Map<HostedProvider, Promise<HostedApi>>();

/** Adds the provider's script once, resolving when its explicit-render API is ready. */
function loadHostedScript(provider: HostedProvider): Promise<HostedApi> {
  let loading = hostedLoading.get(provider);
  if (!loading) {
    loading = new Promise<HostedApi>((resolve, reject) => {
      const { src, global } = HOSTED_SCRIPTS[provider];
      const callback = `firstdayCaptchaReady_${provider}`;
      const scope = window as unknown as Record<string, unknown>;
      scope[callback] = () => resolve(scope[global] as HostedApi);
      const script = document.createElement('script');
      script.src = `${src}${callback}`;
      script.async = true;
      script.onerror = () => {
        hostedLoading.delete(provider);
        script.remove();
        reject(new Error(`${provider} script failed to load`));
      };
      document.head.append(script);
    });
    hostedLoading.set(provider, loading);
  }
  return loading;
}

function HostedWidget({
  provider,
  siteKey,
  onChange,
  describedBy,
}: CaptchaFieldProps & { provider: HostedProvider; siteKey: string }) {
  const t = useT();
  const containerRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    let widgetId: string | number | undefined;
    let api: HostedApi | undefined;
    loadHostedScript(provider).then(
      (loadedApi) => {
        const container = containerRef.current;
        if (!active || !container) return;
        api = loadedApi;
        widgetId = api.render(container, {
          sitekey: siteKey,
          callback: (token: string) => onChangeRef.current(token),
          'expired-callback': () => onChangeRef.current(null),
          'error-callback': () => onChangeRef.current(null),
        });
      },
      () => active && setFailed(true),
    );
    return () => {
      active = false;
      if (api && widgetId !== undefined) {
        if (api.remove) api.remove(widgetId);
        else api.reset(widgetId);
      }
      containerRef.current?.replaceChildren();
    };
  }, [provider, siteKey]);

  if (failed) {
    return (
      <p className={styles.message} role="alert">
        {t('app.captcha.failed')}
      </p>
    );
  }
  // The provider's iframe carries its own label; the description still reaches assistive tech here.
  return <div ref={containerRef} className={styles.hosted} aria-describedby={describedBy} />;
}
