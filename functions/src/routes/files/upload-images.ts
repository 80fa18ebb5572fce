import { defineHandler } from '../../http/handler.ts';
import { handleUpload } from './upload-handler.ts';

/** Images for vision models: PNG, JPEG, GIF or WebP by content, with the width and height from their headers. */
export const handler = defineHandler('uploadImages', (request) => handleUpload(request, true));
