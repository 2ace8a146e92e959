import { describe, expect, it } from 'vitest';
import { combineModeration, moderateText, MODERATION_REASONS } from './moderation';

describe('offline moderation', () => {
  it('leaves ordinary science and reading answers alone (the Scunthorpe problem)', () => {
    const clean = [
      'We need to assess the analysis of the results before we pass judgement.',
      'The pilot sat in the cockpit and checked the altimeter.',
      'A sextant measures the angle between the horizon and a star.',
      'Uranus is the seventh planet from the Sun.',
      'Scunthorpe and Essex are places in England.',
      'Sex cells (gametes) are made by meiosis; sexual reproduction mixes genes.',
      'Sperm cells are made in the testes and the penis carries semen; the vagina leads to the uterus.',
      'The anal fin of a fish helps it to balance.',
      'A cockroach is an insect and a peacock is a bird.',
      'Prick your finger with a lancet to get a drop of blood.',
      'The blue tit feeds its chicks caterpillars.',
      'Flame retardant chemicals slow the reaction; the scat of a fox shows what it ate.',
      'The cells die when the membrane bursts; bacteria are killed by antibiotics.',
      'The digestive system: mouth, stomach and intestines.',
    ];
    for (const text of clean)
      expect(moderateText(text), text).toEqual({ isInappropriate: false, reason: '' });
  });

  it('flags profanity, also when disguised, and never repeats the word', () => {
    for (const text of ['This is shit.', 'what the fuck', 'fuuuuck this', 'you are a b1tch']) {
      const v = moderateText(text);
      expect(v, text).toEqual({ isInappropriate: true, reason: MODERATION_REASONS.language });
    }
  });

  it('flags self-harm, threats and bullying by category', () => {
    expect(moderateText('Sometimes I want to kill myself.').reason).toBe(
      MODERATION_REASONS.selfHarm,
    );
    expect(moderateText("I'm going to stab him after school.").reason).toBe(
      MODERATION_REASONS.violence,
    );
    expect(moderateText('You are so stupid, nobody likes you.').reason).toBe(
      MODERATION_REASONS.bullying,
    );
  });

  it('combines verdicts: either flag counts, reasons are joined without repeats', () => {
    const none = { isInappropriate: false, reason: '' };
    expect(combineModeration(none, none)).toEqual(none);
    expect(
      combineModeration(
        { isInappropriate: true, reason: 'Inappropriate language' },
        { isInappropriate: true, reason: 'Inappropriate language; Threat of violence' },
      ),
    ).toEqual({ isInappropriate: true, reason: 'Inappropriate language; Threat of violence' });
    expect(combineModeration({ isInappropriate: true, reason: '' }, none)).toEqual({
      isInappropriate: true,
      reason: MODERATION_REASONS.flagged,
    });
  });
});
