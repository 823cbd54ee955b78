import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/signup-page';
import { AuthLayout } from './auth-layout.tsx';
import { ConfirmEmailPanel } from './confirm-email-panel.tsx';
import { DEFAULT_SIGNED_IN_PATH, getRequestedTarget, NEW_ACCOUNT_PATH, withRedirect } from './session.ts';
import { SignUpForm } from './sign-up-form.tsx';

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Sign Up · Firstday' }, { name: 'robots', content: 'noindex' }];
}

export default function SignupPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // A new account has no calendar yet: without a `?redirect=` it goes on to the wizard.
  const requested = getRequestedTarget(searchParams);
  const continueTo = requested ?? NEW_ACCOUNT_PATH;
  const loginPath = withRedirect('/login', requested);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  if (registeredEmail) {
    return (
      <AuthLayout
        title="Confirm your email"
        stepKey="confirm"
        footer={
          <>
            Already confirmed? <Link to={loginPath}>Log In</Link>
          </>
        }
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
      title="Sign Up"
      subtitle="Create your account to start a calendar for your little one."
      footer={
        <>
          Already have an account? <Link to={loginPath}>Log In</Link>
        </>
      }
    >
      <SignUpForm
        continueTo={continueTo}
        signedInTo={requested ?? DEFAULT_SIGNED_IN_PATH}
        onRegistered={setRegisteredEmail}
      />
    </AuthLayout>
  );
}
