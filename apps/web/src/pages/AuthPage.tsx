import { useSearchParams } from 'react-router-dom';
import { ComingSoon } from '../components/ComingSoon';

/** Login and registration (placeholder until the authentication issue lands). */
export function AuthPage() {
  const [searchParams] = useSearchParams();
  const isRegister = searchParams.get('tab') === 'register';

  return isRegister ? (
    <ComingSoon
      title="Register"
      description="Create a Flows account to keep your task history and set up integrations."
    />
  ) : (
    <ComingSoon
      title="Login"
      description="Sign in to see your task history, AI settings and integrations."
    />
  );
}
