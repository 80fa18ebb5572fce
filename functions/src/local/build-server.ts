import { buildServer } from './server-bundle.ts';

/** `npm run build:server`: the bundle `npm start` runs (server-bundle.ts). */
const { entry } = await buildServer();
console.log(`Server built: ${entry}`);
