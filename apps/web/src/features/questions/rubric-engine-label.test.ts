import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { isWordingDraft, rubricEngineLabel } from './rubric-engine-label';

const T = MESSAGES.questionsPage;

describe('who drafted the rubric, for teachers', () => {
  it('never shows the offline engine internal name', () => {
    expect(rubricEngineLabel('offline-rubric-v1')).toBe('Drafted automatically');
    expect(rubricEngineLabel('offline-rubric-v1')).not.toContain('offline');
    expect(rubricEngineLabel('offline-rubric-v2')).toBe('Drafted automatically');
    expect(rubricEngineLabel('')).toBe(T.draftedAutomatically);
  });

  it("names a hosted model's provider", () => {
    expect(rubricEngineLabel('anthropic:claude-sonnet-4')).toBe('Drafted by Anthropic Claude');
    expect(rubricEngineLabel('openai:gpt-4o-mini')).toBe('Drafted by OpenAI');
    expect(rubricEngineLabel('mystery:model')).toBe(T.draftedAutomatically);
  });

  it('knows a draft from the question wording from one a model wrote', () => {
    expect(isWordingDraft('offline-rubric-v2')).toBe(true);
    expect(isWordingDraft('anthropic:claude-x')).toBe(false);
  });
});
