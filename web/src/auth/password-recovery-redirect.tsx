import { Navigate, useLocation } from 'react-router';

/** Old recovery links (and the specification's expired-link flow) land here: same screen, same query. */
export default function PasswordRecoveryRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={`/resetpassword${search}${hash}`} replace />;
}
