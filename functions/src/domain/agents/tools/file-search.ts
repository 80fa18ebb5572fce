import { BUILTIN_AGENT_TOOLS } from '@meld/shared';
import { documentText, type AttachmentDeps } from '../../chat/attachments.ts';
import { attachmentKind } from '../../files/attachments-text.ts';
import type { AgentTool } from './agent-tool.ts';
import { rankPassages } from './passages.ts';

const MAX_PASSAGES = 5;

/**
 * The agents' file search: reads the text of the documents attached in this conversation (the
 * text kept on each file since it was first read; decision 0019) and answers with the passages
 * that best match the query, each under its file's name. Images have no text to search.
 */
export function fileSearchTool(deps: Pick<AttachmentDeps, 'getFiles' | 'readBytes' | 'cacheText'>): AgentTool {
  return {
    name: BUILTIN_AGENT_TOOLS.fileSearch,
    description: 'Searches the text of the files attached to this conversation and returns the passages that best match the query, with their file names.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'What to look for: the words the passage should contain.' } },
      required: ['query'],
      additionalProperties: false,
    },
    async run(args, context) {
      const query = typeof args.query === 'string' ? args.query.trim() : '';
      if (!query) return { output: 'Error processing tool file_search: give a query to search for' };
      const files = context.fileIds.length ? await deps.getFiles(context.userId, context.fileIds) : [];
      const documents: Array<{ filename: string; text: string }> = [];
      for (const file of files) {
        const kind = attachmentKind(file.type, file.filename);
        if (kind === 'pdf' || kind === 'text') documents.push({ filename: file.filename, text: await documentText(context.userId, file, kind, deps) });
      }
      if (documents.length === 0) return { output: 'No documents with text are attached to this conversation.' };
      const passages = rankPassages(documents, query, MAX_PASSAGES);
      if (passages.length === 0) return { output: `No passage of ${documents.map((document) => document.filename).join(', ')} matches "${query}".` };
      return { output: passages.map((passage, index) => `[${index + 1}] ${passage.filename}\n${passage.text}`).join('\n\n') };
    },
  };
}
