// Writes the GraphQL schema as SDL; graphql-codegen reads it to type the web app's documents.
import fs from 'node:fs/promises';
import { printedSchema } from '../../api/graphql/schema';

await fs.writeFile('api/graphql/schema.graphql', `${printedSchema()}\n`);
