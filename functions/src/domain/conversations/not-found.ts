import { ERROR_CODES } from '@meld/shared';
import { DomainError } from '../errors.ts';

/** Also the answer for another user's conversation or message: their existence is not ours to reveal. */
export function conversationNotFound(): DomainError {
  return new DomainError('not-found', ERROR_CODES.notFound, 'Conversation not found.');
}

export function messageNotFound(): DomainError {
  return new DomainError('not-found', ERROR_CODES.notFound, 'Message not found.');
}
