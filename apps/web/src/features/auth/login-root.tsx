import { PageRoot } from '../../app/page-root';
import { LoginView, type TLoginViewProps } from './components/login-view';

/**
 * The login page's whole tree on its own entry (src/login-prerender.tsx renders it, src/login-main.tsx
 * hydrates it).
 */
export function LoginRoot(props: TLoginViewProps) {
  return (
    <PageRoot>
      <LoginView {...props} />
    </PageRoot>
  );
}
