/**
 * Documents attached to a message reach the model as text: plain-text kinds (notes, markdown,
 * CSV, JSON, code) decoded as UTF-8, PDFs through pdf.js (`unpdf`). pdf.js is about 1.6 MB, so
 * it is imported only when a PDF is actually read.
 */

const TEXT_TYPES = /^(text\/|application\/(json|ld\+json|xml|x-yaml|yaml|toml|x-sh|javascript|typescript|x-typescript|sql|x-sql|graphql|x-python|x-httpd-php|x-ruby|x-perl|csv|rtf)\b)/;
const TEXT_EXTENSIONS = /\.(txt|md|markdown|csv|tsv|json|jsonl|xml|ya?ml|toml|ini|log|html?|css|scss|less|js|mjs|cjs|jsx|ts|tsx|py|rb|go|rs|java|kt|swift|c|h|cpp|hpp|cs|php|sh|bash|sql|graphql|r|lua|pl|scala|vue|svelte)$/i;

export type AttachmentKind = 'image' | 'pdf' | 'text' | 'other';

/** How a stored file reaches the model: by its sniffed type first, its name only for generic types. */
export function attachmentKind(type: string, filename: string): AttachmentKind {
  if (type.startsWith('image/')) return type === 'image/svg+xml' ? 'text' : 'image';
  if (type === 'application/pdf') return 'pdf';
  if (TEXT_TYPES.test(type)) return 'text';
  if ((type === 'application/octet-stream' || type === '') && TEXT_EXTENSIONS.test(filename)) return 'text';
  return 'other';
}

/** The document's text; pages of a PDF joined by blank lines. */
export async function extractText(kind: 'pdf' | 'text', bytes: Uint8Array): Promise<string> {
  if (kind === 'text') return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const { extractText: extractPdfText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const { text } = await extractPdfText(pdf, { mergePages: false });
    return text.map((page) => page.trim()).filter(Boolean).join('\n\n');
  } finally {
    await pdf.destroy();
  }
}

/**
 * Tokens are estimated at 4 characters each (usage-estimate.ts); cutting at 3 characters a token
 * keeps a cut document inside its budget even for text that tokenises densely.
 */
const CHARS_PER_TOKEN = 3;

export interface DocumentBlock {
  block: string;
  truncated: boolean;
}

/** The document as a delimited block naming the file, cut to `budgetTokens` with a note when cut. */
export function documentBlock(filename: string, text: string, budgetTokens: number): DocumentBlock {
  const maxChars = Math.max(0, Math.floor(budgetTokens * CHARS_PER_TOKEN));
  const truncated = text.length > maxChars;
  const body = truncated ? `${text.slice(0, maxChars)}\n[The rest of ${filename} was cut: it does not fit in the model's context.]` : text;
  return { block: `--- Attached file: ${filename} ---\n${body}\n--- End of ${filename} ---`, truncated };
}
