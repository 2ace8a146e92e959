import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Light variants (badges, light buttons, alert titles) draw their text in shade 6 on a pale tint,
 * about 2.5:1. Shade 9 is not dark enough for every colour either (yellow 2.8:1, orange and green
 * about 4:1), so the text is shade 9 mixed with 30 % black: 5.3:1 for yellow, 7:1 for orange and
 * green, above WCAG AA (4.5:1) for small text, and still reads as the colour.
 */
/**
 * White text on the bright hues' filled shades (orange, yellow, lime, green, teal, cyan) is 3 to
 * 4.4:1 even at shade 9; their filled background is shade 9 mixed with 25 % black (4.9:1 for yellow,
 * above 6:1 for the others). Blue, red, grape and the rest already pass at the primary shade.
 */
const BRIGHT_HUES = new Set(['orange', 'yellow', 'lime', 'green', 'teal', 'cyan']);

const variantColorResolver: VariantColorsResolver = (input) => {
  const defaults = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({
    color: input.color ?? input.theme.primaryColor,
    theme: input.theme,
  });
  if (!parsed.isThemeColor) return defaults;
  if (input.variant === 'light') {
    return {
      ...defaults,
      color: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 70%, black)`,
    };
  }
  if (input.variant === 'filled' && BRIGHT_HUES.has(parsed.color)) {
    return {
      ...defaults,
      background: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 75%, black)`,
      hover: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 65%, black)`,
      color: 'var(--mantine-color-white)',
    };
  }
  return defaults;
};

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 for filled buttons: white text on blue.6 is 3.5:1, below WCAG AA; blue.8 passes (4.8:1).
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  variantColorResolver,
});

/**
 * "Dimmed" text (dates, hints, card captions) is gray.6 by default: 3.3:1 on white, below WCAG AA.
 * gray.7 still reads as secondary and passes (7:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
