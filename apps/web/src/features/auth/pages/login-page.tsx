import { useLocation, useNavigate } from 'react-router';
import { LoginView } from '../components/login-view';

/**
 * The login page as a route of the app (reached by a link or a redirect inside the app): the page
 * with the router's location (notices handed over in navigation state) and navigation. A first
 * visit to /login gets the same page from its own entry instead (src/login-main.tsx).
 */
export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <LoginView
      state={location.state}
      navigationKey={location.key}
      onSignedIn={(destination) => navigate(destination, { replace: true })}
    />
  );
}
