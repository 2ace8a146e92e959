import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from '@stem/contract/analytics';
import { markerName } from './analytics.service';

const C = ANALYTICS_MESSAGES.csv;

describe('analytics.export marker column', () => {
  it('names the marker in words, never by its engine id', () => {
    expect(markerName('offline@6')).toBe(C.markerOffline);
    expect(markerName('anthropic:claude-sonnet-4')).toBe('Anthropic Claude');
    expect(markerName('openai:gpt-4.1-mini')).toBe('OpenAI');
    expect(markerName('acme:model-9')).toBe(C.markerOther);
    expect(markerName(null)).toBe('');
  });
});
