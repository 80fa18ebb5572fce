import { defineHandler } from '../../http/handler.ts';
import { handleUpload } from './upload-handler.ts';

/** Message attachments of any whitelisted type, checked by content; see upload-handler.ts for the form. */
export const handler = defineHandler('uploadFiles', (request) => handleUpload(request, false));
