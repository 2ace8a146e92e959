import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 for filled buttons: white text on blue.6 is 3.5:1, below WCAG AA; blue.8 passes (4.8:1).
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
});
