/**
 * Characters PostgreSQL cannot store in a text column (NUL) and the other C0 control characters but
 * tab, line feed and carriage return, plus lone UTF-16 surrogates (half of a pair, which no encoding
 * can write). A person's text that holds one is refused; text made by OCR or read from a file has
 * them stripped.
 */
// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const CONTROL_ALL = new RegExp(CONTROL.source, 'g');
const LONE_SURROGATE_ALL =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** String.prototype.isWellFormed (ES2024, in Node 20 and every current browser): no lone surrogate. */
const isWellFormed = (text: string) =>
  (text as string & { isWellFormed: () => boolean }).isWellFormed();

/** True when the text holds a character that cannot be stored (see above). Fast on 10 MB strings. */
export function hasUnstorableCharacter(text: string): boolean {
  return CONTROL.test(text) || !isWellFormed(text);
}

/** The text without the characters that cannot be stored; tabs and line breaks stay. */
export function stripUnstorableCharacters(text: string): string {
  const withoutControls = text.replace(CONTROL_ALL, '');
  return isWellFormed(withoutControls)
    ? withoutControls
    : withoutControls.replace(LONE_SURROGATE_ALL, '');
}
