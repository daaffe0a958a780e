import fs from 'node:fs';
import path from 'node:path';
import { Kind, parse } from 'graphql';
import type { Plugin } from 'vite';

const CALL = /\bgraphql\(`([^`]*)`\)/g;
const GRAPHQL_IMPORT = /^import \{ graphql \} from '[^']*\/graphql\/generated';\n/m;
const DOCUMENT_CONSTANT = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*;$/gm;

/** The name graphql-codegen gives a document's constant in generated/graphql.ts. */
export function documentConstantName(source: string): string {
  const [definition] = parse(source).definitions;
  if (definition?.kind === Kind.OPERATION_DEFINITION && definition.name)
    return `${definition.name.value}Document`;
  if (definition?.kind === Kind.FRAGMENT_DEFINITION) return `${definition.name.value}FragmentDoc`;
  throw new Error('a graphql() document must start with a named operation or fragment');
}

/** Each document's parsed form (JSON) from generated/graphql.ts, by constant name. */
export function readDocuments(documentsSource: string): Map<string, string> {
  return new Map([...documentsSource.matchAll(DOCUMENT_CONSTANT)].map((match) => [match[1]!, match[2]!]));
}

/** Replaces every `graphql(`…`)` call of a module with its parsed document; null when there is none. */
export function inlineDocuments(code: string, documents: ReadonlyMap<string, string>): string | null {
  if (!GRAPHQL_IMPORT.test(code)) return null;
  const inlined = code.replace(CALL, (_call: string, source: string) => {
    const name = documentConstantName(source);
    const document = documents.get(name);
    if (!document) throw new Error(`${name} is not in the generated documents; run npm run codegen`);
    // Keeping the line breaks keeps the line numbers of the code below (and its source map) right.
    return `(${document}${'\n'.repeat(source.split('\n').length - 1)})`;
  });
  if (/\bgraphql\(/.test(inlined)) throw new Error('a graphql() call is not a plain template literal');
  return inlined.replace(GRAPHQL_IMPORT, '\n');
}

/**
 * Puts each GraphQL document into the module that declares it, the way codegen's Babel plugin
 * replaces `graphql()` calls. Without it, the `graphql()` lookup table (generated/gql.ts) and the one
 * module holding every document (generated/graphql.ts) land in the entry chunk, ~200 kB that every
 * page loads first.
 */
export function graphqlDocumentsPlugin(generatedDir: string): Plugin {
  const documentsFile = path.join(generatedDir, 'graphql.ts');
  let documents = new Map<string, string>();
  const load = () => {
    documents = readDocuments(fs.readFileSync(documentsFile, 'utf8'));
  };
  return {
    name: 'graphql-documents',
    enforce: 'pre',
    buildStart: load,
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.startsWith(generatedDir)) return null;
      try {
        return toResult(inlineDocuments(code, documents));
      } catch {
        // A document added since the build started (dev server, codegen rerun): read the file again.
        load();
        try {
          return toResult(inlineDocuments(code, documents));
        } catch (error) {
          throw new Error(`${id}: ${(error as Error).message}`, { cause: error });
        }
      }
    },
  };
}

function toResult(code: string | null) {
  return code === null ? null : { code, map: null };
}
