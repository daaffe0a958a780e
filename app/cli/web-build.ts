// npm run build: build the web app into web/dist as `npm start` does (Vite, the app icons, the
// precompressed .br/.gz files), for an install that starts with WEB_BUILD=false.
import path from 'node:path';
import { loadConfig } from '../../infra/config';
import { createLogger } from '../../infra/logger';
import { buildWebApp } from '../../infra/web-build';

const config = loadConfig();
await buildWebApp(path.resolve('.'), config.webDistDir, createLogger({ level: 'info' }));
