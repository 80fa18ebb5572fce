// Plain values of this contract, apart from its zod schemas so that pages which only read them do
// not ship zod (see conversation-constants.ts).

/** Where a file's bytes live; this server writes `s3`. */
export const FILE_SOURCES = ['local', 'firebase', 'azure', 'azure_blob', 'openai', 's3', 'vectordb', 'execute_code', 'mistral_ocr', 'text'] as const;
export const FILE_CONTEXTS = ['avatar', 'agents', 'assistants', 'message_attachment', 'image_generation'] as const;

/**
 * Spec 000 section 5's whitelist, each type with the file-name extensions that name it (the first
 * is the usual one). The server checks an upload's first bytes, never the name alone.
 */
export const FILE_TYPE_EXTENSIONS = {
  'application/pdf': ['pdf'],
  'application/json': ['json'],
  'application/rtf': ['rtf'],
  // Office and OpenDocument
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  'application/epub+zip': ['epub'],
  // Spreadsheets
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'text/csv': ['csv'],
  'text/tab-separated-values': ['tsv'],
  // Images
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/svg+xml': ['svg'],
  // Archives
  'application/zip': ['zip'],
  'application/gzip': ['gz', 'tgz'],
  'application/x-tar': ['tar'],
  'application/x-7z-compressed': ['7z'],
  'application/x-bzip2': ['bz2'],
  'application/vnd.rar': ['rar'],
  // Documents, code and other text
  'text/plain': ['txt', 'text', 'log', 'ini', 'cfg', 'conf', 'env'],
  'text/markdown': ['md', 'markdown'],
  'text/html': ['html', 'htm'],
  'text/css': ['css', 'scss', 'less'],
  'text/xml': ['xml'],
  'application/x-yaml': ['yaml', 'yml'],
  'application/toml': ['toml'],
  'application/x-tex': ['tex'],
  'text/javascript': ['js', 'mjs', 'cjs', 'jsx'],
  'application/typescript': ['ts', 'tsx', 'mts', 'cts'],
  'text/x-python': ['py'],
  'text/x-java': ['java'],
  'text/x-kotlin': ['kt', 'kts'],
  'text/x-c': ['c', 'h'],
  'text/x-c++': ['cpp', 'cc', 'cxx', 'hpp', 'hh'],
  'text/x-csharp': ['cs'],
  'text/x-go': ['go'],
  'text/x-rust': ['rs'],
  'text/x-ruby': ['rb'],
  'text/x-php': ['php'],
  'text/x-swift': ['swift'],
  'text/x-scala': ['scala'],
  'text/x-sql': ['sql'],
  'text/x-r': ['r'],
  'text/x-lua': ['lua'],
  'text/x-perl': ['pl', 'pm'],
  'text/x-sh': ['sh', 'bash', 'zsh'],
  'text/x-powershell': ['ps1'],
  'text/vtt': ['vtt'],
} as const satisfies Record<string, readonly string[]>;

export type FileMimeType = keyof typeof FILE_TYPE_EXTENSIONS;
export const SUPPORTED_FILE_TYPES = Object.keys(FILE_TYPE_EXTENSIONS) as FileMimeType[];
/** What `POST /api/files/images` takes: the raster types vision models read (SVG is text, sent as a document). */
export const IMAGE_FILE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const satisfies readonly FileMimeType[];

const MB = 1024 * 1024;
/** Spec 000 section 9: 10 files, 512 MB each and in total, avatars 2 MB. */
export const FILE_LIMIT_DEFAULTS = { fileLimit: 10, fileSizeLimit: 512 * MB, totalSizeLimit: 512 * MB, avatarSizeLimit: 2 * MB } as const;
/** The endpoint name whose rules apply to endpoints without their own. */
export const DEFAULT_FILE_ENDPOINT = 'default';
