import { createContext, useContext, type ComponentPropsWithRef, type ComponentType } from 'react';

/** A link to another page of the app: an anchor's props, with the address as `to`. */
export type TInternalLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: string };

/**
 * The component that draws the landing page's links into the app. Inside the app's router it is the
 * router's Link (see pages/landing-route.tsx), so Client Login, Register Now and the legal pages open
 * without reloading. On the landing page's own entry there is no router: a plain link, and the browser
 * loads the app at that address.
 */
export const InternalLinkContext = createContext<ComponentType<TInternalLinkProps> | null>(null);

export function InternalLink({ to, ...props }: TInternalLinkProps) {
  const RouterLink = useContext(InternalLinkContext);
  if (RouterLink) return <RouterLink to={to} {...props} />;
  return <a href={to} {...props} />;
}
