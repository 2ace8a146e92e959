import { createContext, useContext, type ComponentPropsWithRef, type ComponentType } from 'react';

/** A link to another page of the app: an anchor's props, with the address as `to`. */
export type TInternalLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: string };

/**
 * The component that draws links to other pages of the app in the pages that also have an entry of
 * their own (the landing page, the login page and its frame). Inside the app it is the router's Link
 * (app/router.tsx provides it; the landing route does too), so links open without reloading. On the
 * landing and login pages' own entries there is no router: a plain link, and the browser loads the
 * app at that address.
 */
export const InternalLinkContext = createContext<ComponentType<TInternalLinkProps> | null>(null);

export function InternalLink({ to, ...props }: TInternalLinkProps) {
  const RouterLink = useContext(InternalLinkContext);
  if (RouterLink) return <RouterLink to={to} {...props} />;
  return <a href={to} {...props} />;
}
