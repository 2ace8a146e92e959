/** A reply that arrived but is not in the shape the contract describes. */
export class UnexpectedReplyError extends Error {
  constructor(what: string, cause: unknown) {
    super(`unexpected ${what} reply`, { cause });
    this.name = 'UnexpectedReplyError';
  }
}
