import { describe, expect, it } from 'vitest';
import { hasUnstorableCharacter, stripUnstorableCharacters } from './text';

describe('text that cannot be stored', () => {
  it('finds NUL, the C0 controls but tab and line breaks, and lone surrogates', () => {
    for (const bad of [
      'a\u0000b',
      '\u0001',
      'x\u001f',
      '\u000b',
      '\u000c',
      '\ud800',
      'a\udfffb',
      '\ud83d!',
    ])
      expect(hasUnstorableCharacter(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['plain', 'tab\there', 'line\nfeed', 'cr\r\n', '😀 pair', 'é ü ß', '\u007f'])
      expect(hasUnstorableCharacter(good), JSON.stringify(good)).toBe(false);
  });

  it('strips them and keeps everything else', () => {
    expect(stripUnstorableCharacters('Pla\u0000nts\t\u0007make\r\n\ud800glucose 😀')).toBe(
      'Plants\tmake\r\nglucose 😀',
    );
  });
});
