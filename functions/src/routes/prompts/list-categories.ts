import { listCategories } from '../../domain/prompts/listing.ts';
import { defineHandler } from '../../http/handler.ts';

export const handler = defineHandler('listCategories', async () => listCategories());
