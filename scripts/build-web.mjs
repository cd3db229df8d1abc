// `npm run build -w apps/web` (part of `npm run build`): the web app's build, the steps of
// scripts/lib/web-build.mjs, one build at a time in the folder.
import { buildWeb } from './lib/web-build.mjs';

process.exit(await buildWeb());
