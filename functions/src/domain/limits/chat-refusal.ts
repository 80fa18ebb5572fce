import { DomainError } from '../errors.ts';

export type RefusalType = 'token_balance' | 'concurrent' | 'message_limit';

/**
 * A chat message refused before any provider is called: the catalogue type as the code, and in
 * `info` the values the browser's message shows (balance and cost, the limit, the window).
 * Thrown before streaming it answers as JSON `{ code, message, info }`; a pipeline that has
 * already started the stream sends the same three fields as its error event.
 */
export class ChatRefusal extends DomainError {
  constructor(
    readonly type: RefusalType,
    message: string,
    info: NonNullable<DomainError['info']>,
  ) {
    super('unprocessable', type, message, undefined, info);
    this.name = 'ChatRefusal';
  }
}
