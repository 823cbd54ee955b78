import { Link, useNavigate, useSearchParams } from 'react-router';
import type { HydrateAfterPaintHandle } from '../hydrate-after-paint.ts';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import { T, useT } from '../i18n/use-t.tsx';
import type { Route } from './+types/signup-page';
import { AuthLayout } from './auth-layout.tsx';
import { ConfirmEmailPanel } from './confirm-email-panel.tsx';
import { DEFAULT_SIGNED_IN_PATH, getRequestedTarget, NEW_ACCOUNT_PATH, withRedirect } from './session.ts';
import { SignUpForm } from './sign-up-form.tsx';
import { useRegisteredEmail } from './use-registered-email.ts';

/**
 * Rendered on the server (decision 035) with the texts of the form, its errors and checks; its
 * scripts start after the first paint, and a form sent before is sent again then (early-taps.ts).
 */
export const handle: CataloguesHandle & HydrateAfterPaintHandle = {
  catalogues: ['app', 'auth'],
  hydrateAfterPaint: true,
};

export function meta(_: Route.MetaArgs) {
  return [{ name: 'robots', content: 'noindex' }];
}

export default function SignupPage() {
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // A new account has no calendar yet: without a `?redirect=` it goes on to the wizard.
  const requested = getRequestedTarget(searchParams);
  const continueTo = requested ?? NEW_ACCOUNT_PATH;
  const loginPath = withRedirect('/login', requested);
  const [registeredEmail, setRegisteredEmail] = useRegisteredEmail(() => navigate(continueTo, { replace: true }));

  if (registeredEmail) {
    return (
      <AuthLayout
        documentTitle={t('auth.signup.documentTitle')}
        title={t('auth.signup.confirmTitle')}
        stepKey="confirm"
        footer={<T id="auth.signup.alreadyConfirmed" components={{ 0: <Link to={loginPath} /> }} />}
      >
        <ConfirmEmailPanel
          email={registeredEmail}
          continueTo={continueTo}
          onVerified={() => navigate(continueTo, { replace: true })}
          onChangeEmail={() => setRegisteredEmail(null)}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      documentTitle={t('auth.signup.documentTitle')}
      title={t('auth.signup.title')}
      subtitle={t('auth.signup.subtitle')}
      footer={<T id="auth.signup.haveAccount" components={{ 0: <Link to={loginPath} /> }} />}
    >
      <SignUpForm
        continueTo={continueTo}
        signedInTo={requested ?? DEFAULT_SIGNED_IN_PATH}
        onRegistered={setRegisteredEmail}
      />
    </AuthLayout>
  );
}
