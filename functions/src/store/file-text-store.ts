import { keys } from './keys.ts';
import { isConditionFailed, table } from './table.ts';

/**
 * A document's extracted text kept on its file item (decision 0019), so sending the file again
 * reads it instead of parsing the document again. DynamoDB items stop at 400 KB: a longer text
 * is not kept and is extracted on each send.
 */
const MAX_CACHED_BYTES = 300 * 1024;

export async function cacheExtractedText(userId: string, fileId: string, text: string): Promise<void> {
  if (Buffer.byteLength(text, 'utf8') > MAX_CACHED_BYTES) return;
  try {
    await table.update(keys.file(userId, fileId), {
      UpdateExpression: 'SET extractedText = :text',
      // A file deleted meanwhile stays deleted.
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':text': text },
    });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}
