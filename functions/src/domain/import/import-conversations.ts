import { ERROR_CODES, type Conversation, type Message } from '@meld/shared';
import { DomainError } from '../errors.ts';
import { buildConversation } from './build.ts';
import { chatbotUiFormat } from './chatbot-ui-format.ts';
import { chatGptFormat } from './chatgpt-format.ts';
import { claudeFormat } from './claude-format.ts';
import { checkFileBytes, checkFileShape } from './limits.ts';
import { meldFormat } from './meld-format.ts';
import type { ImportFormat } from './types.ts';

/** The web shows its file-type error for exactly this message (spec 000, section 7). */
export const UNSUPPORTED_IMPORT_TYPE = 'Unsupported import type';
export const ONLY_JSON = 'Only .json files can be imported';

/** In detection order; shapes do not overlap (object with conversationId, object with history, arrays by item shape). */
export const IMPORT_FORMATS: readonly ImportFormat[] = [meldFormat, chatbotUiFormat, chatGptFormat, claudeFormat];

export interface ImportDeps {
  userId: string;
  newId: () => string;
  now: Date;
  saveConversations(userId: string, conversations: Conversation[]): Promise<void>;
  saveMessages(userId: string, messages: Message[]): Promise<void>;
}

export interface ImportResult {
  format: string;
  imported: number;
  failed: number;
}

/**
 * Imports every conversation of an export file into the user's account, each whole or not at
 * all: one that cannot be read is counted in `failed` and the rest still land. A file over the
 * import bounds (IMPORT_LIMITS) is refused whole, before anything is read or written.
 */
export async function importConversations(file: { filename: string; data: Buffer }, deps: ImportDeps): Promise<ImportResult> {
  checkFileBytes(file.data.length);
  const data = parseJsonFile(file);
  const format = IMPORT_FORMATS.find((candidate) => candidate.detect(data));
  if (!format) throw new DomainError('invalid', ERROR_CODES.validation, UNSUPPORTED_IMPORT_TYPE, 'file');
  const raws = format.conversations(data);
  checkFileShape(format, raws);

  const conversations: Conversation[] = [];
  const messages: Message[] = [];
  let failed = 0;
  for (const raw of raws) {
    try {
      const built = buildConversation(format.read(raw), deps);
      conversations.push(built.conversation);
      messages.push(...built.messages);
    } catch {
      failed += 1;
    }
  }
  if (conversations.length === 0) {
    const reason =
      failed === 0
        ? 'The file holds no conversations.'
        : failed === 1
          ? 'The conversation in this file could not be read.'
          : `None of the ${failed} conversations in this file could be read.`;
    throw new DomainError('unprocessable', ERROR_CODES.validation, reason, 'file');
  }
  // Messages first: a conversation appears in lists only once all its messages are stored.
  await deps.saveMessages(deps.userId, messages);
  await deps.saveConversations(deps.userId, conversations);
  return { format: format.name, imported: conversations.length, failed };
}

function parseJsonFile(file: { filename: string; data: Buffer }): unknown {
  if (!/\.json$/i.test(file.filename.trim())) throw new DomainError('invalid', ERROR_CODES.validation, ONLY_JSON, 'file');
  try {
    // Editors on Windows like to start UTF-8 files with a byte-order mark.
    return JSON.parse(file.data.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new DomainError('invalid', ERROR_CODES.validation, ONLY_JSON, 'file');
  }
}

export function importMessage(result: ImportResult): string {
  const imported = `Imported ${result.imported} conversation${result.imported === 1 ? '' : 's'}`;
  return result.failed ? `${imported}; ${result.failed} could not be read` : imported;
}
