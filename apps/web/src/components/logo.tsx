import { Group, Text } from '@mantine/core';

interface LogoProps {
  /** Height of the mark in pixels; the wordmark scales with it. */
  size?: number;
}

/** The STEM@Home mark (the favicon's tick in a rounded square) and wordmark. */
export function Logo({ size = 36 }: LogoProps) {
  return (
    <Group gap={Math.round(size / 4)} wrap="nowrap" component="span">
      <svg
        width={size}
        height={size}
        viewBox="0 0 64 64"
        aria-hidden="true"
        focusable="false"
        style={{ flexShrink: 0 }}
      >
        <rect width="64" height="64" rx="14" fill="#1c7ed6" />
        <path
          d="M18 34l9 9 19-21"
          fill="none"
          stroke="#fff"
          strokeWidth="7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text component="span" fw={800} fz={Math.round(size * 0.6)} lh={1} c="dark.7">
        STEM
        <Text component="span" inherit c="blue.7">
          @
        </Text>
        Home
      </Text>
    </Group>
  );
}
