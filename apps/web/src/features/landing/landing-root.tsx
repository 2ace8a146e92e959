import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { cssVariablesResolver, theme } from '../../app/theme';
import LandingPage from './pages/landing-page';

type TLandingRootProps = { search?: string; clearSearch?: () => void };

/**
 * The landing page's whole tree on its own entry: Mantine's provider and the page, nothing else. The
 * build renders it to HTML (src/landing-prerender.tsx) and the browser hydrates the same tree
 * (src/landing-main.tsx), so both must stay identical.
 */
export function LandingRoot(props: TLandingRootProps) {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        defaultColorScheme="light"
        cssVariablesResolver={cssVariablesResolver}
      >
        <LandingPage {...props} />
      </MantineProvider>
    </StrictMode>
  );
}
