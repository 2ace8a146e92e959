import { Anchor } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * True when the document is shown inside another page (the registration modals): links to the other
 * legal document then open in a new tab, so the half-filled form is not lost.
 */
export const OpenLegalLinksInNewTab = createContext(false);

/** A link from one legal document to the other. */
export function DocumentLink({ to, children }: { to: string; children: ReactNode }) {
  const inNewTab = useContext(OpenLegalLinksInNewTab);
  if (inNewTab) {
    return (
      <Anchor href={to} target="_blank" rel="noopener noreferrer">
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={to}>
      {children}
    </Anchor>
  );
}

export function EmailLink({ address }: { address: string }) {
  return <Anchor href={`mailto:${address}`}>{address}</Anchor>;
}
