import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const RELATIVE_IMPORT = /from "(\.{1,2}\/[^"]+\.mjs)"/g;
// Components live under esm/components; shared parts with their own stylesheet (InlineInput: the
// layout of Checkbox, Switch and Radio, label beside the control) under esm/utils.
const COMPONENT_DIR = /\/esm\/(?:components|utils)\/([^/]+)\//;

/** Which of @mantine/core's per-component stylesheets each of its exports needs, in styles.css order. */
export class MantineStylesheets {
  private readonly exportFiles = new Map<string, string>();
  private readonly order = new Map<string, number>();
  private readonly cache = new Map<string, string[]>();

  constructor(private readonly coreDir: string) {
    const esm = path.join(coreDir, 'esm');
    const index = fs.readFileSync(path.join(esm, 'index.mjs'), 'utf8');
    for (const match of index.matchAll(/^import \{ ([^}]+) \} from "\.\/([^"]+)";$/gm)) {
      for (const name of match[1]!.split(',')) {
        const local = name.trim().split(' as ').pop()!;
        this.exportFiles.set(local, path.join(esm, match[2]!));
      }
    }
    // styles.css is every stylesheet in the order Mantine means them to cascade: later files override.
    const all = fs.readFileSync(path.join(coreDir, 'styles.css'), 'utf8');
    for (const file of fs.readdirSync(path.join(coreDir, 'styles'))) {
      if (!file.endsWith('.css') || file.endsWith('.layer.css')) continue;
      const head = fs
        .readFileSync(path.join(coreDir, 'styles', file), 'utf8')
        .trim()
        .slice(0, 200);
      this.order.set(file.replace(/\.css$/, ''), all.indexOf(head));
    }
  }

  /** The stylesheets (names under @mantine/core/styles/) that the named exports need. */
  forExports(names: readonly string[]): string[] {
    const sheets = new Set<string>();
    for (const name of names) {
      const file = this.exportFiles.get(name);
      if (!file) throw new Error(`@mantine/core exports no ${name}`);
      for (const sheet of this.forFile(file)) sheets.add(sheet);
    }
    return [...sheets].sort((a, b) => this.order.get(a)! - this.order.get(b)!);
  }

  /** Every component folder a module reaches through its own imports (Select reaches Input, Popover…). */
  private forFile(entry: string): string[] {
    const cached = this.cache.get(entry);
    if (cached) return cached;
    const seen = new Set<string>();
    const sheets = new Set<string>();
    const queue = [entry];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const component = COMPONENT_DIR.exec(file)?.[1];
      if (component && this.order.has(component)) sheets.add(component);
      for (const match of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
        queue.push(path.resolve(path.dirname(file), match[1]!));
      }
    }
    const result = [...sheets];
    this.cache.set(entry, result);
    return result;
  }
}

/**
 * Mantine packages outside the core that draw core components, by the export that draws them ('*':
 * any import of the package, static or with import()). @mantine/modals draws its modals and confirm
 * dialogs with Modal, Button and Group; without Modal's sheet its overlay covers the dialog.
 * @mantine/notifications' `Notifications` draws each toast with Notification (its `notifications`
 * store draws nothing); without it a toast is bare text over the page.
 */
const PACKAGES_DRAWING_CORE: Record<string, Record<string, string[]>> = {
  '@mantine/modals': { '*': ['Modal', 'Box', 'Button', 'Group'] },
  '@mantine/notifications': { Notifications: ['Notification'] },
};

/** The names a module imports from `pkg` as values (type-only imports need no stylesheet). */
function importedNames(code: string, pkg: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(new RegExp(`^import \\{([^}]*)\\} from '${pkg}';$`, 'gm'))) {
    for (const specifier of match[1]!.split(',')) {
      const name = specifier.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(' as ')[0]!.trim());
    }
  }
  return names;
}

/** The @mantine/core components a module uses, imported from the core or drawn by another package. */
export function importedCoreNames(code: string): string[] {
  const names: string[] = [];
  for (const [pkg, drawn] of Object.entries(PACKAGES_DRAWING_CORE)) {
    if (!code.includes(`'${pkg}'`)) continue;
    if (drawn['*']) names.push(...drawn['*']);
    for (const name of importedNames(code, pkg)) names.push(...(drawn[name] ?? []));
  }
  names.push(...importedNames(code, '@mantine/core'));
  return names;
}

/**
 * Adds to each module of the app the stylesheets of the Mantine components it imports, so each
 * page's CSS chunk holds the components the page uses instead of all of Mantine (~300 kB). The
 * base stylesheets (baseline, CSS variables, global) are imported once by main.tsx.
 */
export function mantineComponentStylesPlugin(appDir: string, coreDir: string): Plugin {
  let stylesheets: MantineStylesheets | undefined;
  return {
    name: 'mantine-component-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(appDir) || !/\.tsx?$/.test(id)) return null;
      const names = importedCoreNames(code);
      if (names.length === 0) return null;
      stylesheets ??= new MantineStylesheets(coreDir);
      const sheets = stylesheets.forExports(names);
      if (sheets.length === 0) return null;
      // On the first line, so that line numbers (and the source map) stay right.
      const imports = sheets.map((sheet) => `import '@mantine/core/styles/${sheet}.css';`).join(' ');
      return { code: `${imports} ${code}`, map: null };
    },
  };
}
