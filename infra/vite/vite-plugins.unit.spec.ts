import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentConstantName, inlineDocuments, readDocuments } from './graphql-documents';
import { importedCoreNames, MantineStylesheets } from './mantine-component-styles';

const generated = `
export const HomeSkinsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"HomeSkins"},"selectionSet":{"kind":"SelectionSet","selections":[]}}]} as unknown as DocumentNode<HomeSkinsQuery, HomeSkinsQueryVariables>;
`;

describe('graphql-documents', () => {
  it("names a document's constant the way codegen does", () => {
    expect(documentConstantName('query HomeSkins { skins { id } }')).toBe('HomeSkinsDocument');
    expect(documentConstantName('fragment SkinCardFields on Skin { id }')).toBe('SkinCardFieldsFragmentDoc');
  });

  it('replaces a graphql() call with its document and drops the lookup import, keeping the lines', () => {
    const source = [
      "import { graphql } from '../../../shared/graphql/generated';",
      '',
      'export const HomeSkinsQuery = graphql(`',
      '  query HomeSkins {',
      '    skins { id }',
      '  }',
      '`);',
      'export const after = 1;',
    ].join('\n');
    const inlined = inlineDocuments(source, readDocuments(generated))!;
    expect(inlined).not.toContain('graphql(');
    expect(inlined).not.toContain('shared/graphql/generated');
    expect(inlined).toContain('export const HomeSkinsQuery = ({"kind":"Document"');
    expect(inlined.split('\n')).toHaveLength(source.split('\n').length);
    expect(inlined.split('\n')[7]).toBe('export const after = 1;');
  });

  it('refuses a document codegen has not generated', () => {
    const source =
      "import { graphql } from '../graphql/generated';\nexport const Q = graphql(`query Missing { x }`);";
    expect(() => inlineDocuments(source, readDocuments(generated))).toThrow(
      /MissingDocument.*npm run codegen/,
    );
  });

  it('leaves modules without graphql() alone', () => {
    expect(inlineDocuments('export const x = 1;', readDocuments(generated))).toBeNull();
  });
});

describe('mantine-component-styles', () => {
  const stylesheets = new MantineStylesheets(path.resolve('node_modules/@mantine/core'));

  it('reads the value imports from @mantine/core, not the type-only ones', () => {
    const code = [
      "import { Button, Group as Row, type MantineSize } from '@mantine/core';",
      "import type { ButtonProps } from '@mantine/core';",
    ].join('\n');
    expect(importedCoreNames(code)).toEqual(['Button', 'Group']);
  });

  it('counts the core components another Mantine package draws, imported statically or lazily', () => {
    const code = "const ModalsProvider = lazy(() => import('@mantine/modals'));";
    expect(importedCoreNames(code)).toEqual(expect.arrayContaining(['Modal', 'Button']));
    expect(stylesheets.forExports(importedCoreNames(code))).toEqual(
      expect.arrayContaining(['ModalBase', 'Modal', 'Overlay', 'Button']),
    );
  });

  it("counts a toast's Notification for the Notifications component, not for the notifications store", () => {
    const host = "import { Notifications } from '@mantine/notifications';";
    expect(stylesheets.forExports(importedCoreNames(host))).toEqual(
      expect.arrayContaining(['CloseButton', 'Notification']),
    );
    expect(importedCoreNames("import { notifications } from '@mantine/notifications';")).toEqual([]);
  });

  it("adds the stylesheets of the components a component uses inside, in Mantine's order", () => {
    const sheets = stylesheets.forExports(['Select']);
    // Select has no stylesheet of its own: its look is Input's, Combobox's and Popover's.
    expect(sheets).toEqual(expect.arrayContaining(['Input', 'Combobox', 'Popover', 'ScrollArea']));
    expect(sheets).not.toContain('Button');
    // styles.css puts Popover before Input before Combobox: later sheets override earlier ones.
    expect(sheets.indexOf('Popover')).toBeLessThan(sheets.indexOf('Input'));
    expect(sheets.indexOf('Input')).toBeLessThan(sheets.indexOf('Combobox'));
  });

  it("adds InlineInput's sheet to Checkbox, Switch and Radio: without it the label falls below the control", () => {
    for (const control of ['Checkbox', 'Switch', 'Radio']) {
      expect(stylesheets.forExports([control])).toEqual(expect.arrayContaining(['InlineInput', control]));
    }
  });

  it('needs nothing for hooks and helpers', () => {
    expect(stylesheets.forExports(['useMantineColorScheme', 'createTheme'])).toEqual([]);
  });
});
