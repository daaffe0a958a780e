// Writes the API reference (docs/api/) from the GraphQL schema and the token scopes (api/api-tokens/api-reference.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import { apiReferencePages } from '../../api/api-tokens/api-reference';

const folder = path.resolve('docs', 'api');
await fs.mkdir(folder, { recursive: true });
for (const [file, text] of Object.entries(apiReferencePages())) {
  await fs.writeFile(path.join(folder, file), text);
}
