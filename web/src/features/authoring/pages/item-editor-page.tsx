import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AnyVariables, CombinedError, UseQueryResponse } from 'urql';
import { ListLoadError } from '../../../shared/listing';
import { TakedownNotice } from '../../../shared/moderation';
import { hasAllRoles, useSession } from '../../../shared/session';
import { DetailSkeleton, EmptyState, PageContainer } from '../../../shared/ui';
import type { KeptImage } from '../uploads';
import { itemEditorMessages } from '../item-editor.messages';
import { kindTexts, type ItemKind } from '../lib/editor-form';

/** What the editor page of one kind of item says and where it leads back to. */
interface ItemEditorPageKind {
  itemType: 'SKIN' | 'BUNDLE';
  /** Names the item in the console: "The skin could not be loaded for editing". */
  name: string;
  texts: {
    editTitle: string;
    description: string;
    loading: string;
    notFoundTitle: string;
    notFound: string;
    back: string;
  };
  /** The author's list of these items. */
  listPath: string;
  /** Where a saved item's page is: `${viewPath}/{url}`. */
  viewPath: string;
  emptyIcon: ReactNode;
}

/** The editor page of skins or bundles, with the icon of its "not found". */
export function pageKindOf(kind: ItemKind, emptyIcon: ReactNode): ItemEditorPageKind {
  return {
    itemType: kind === 'skin' ? 'SKIN' : 'BUNDLE',
    name: kind,
    texts: kindTexts(kind),
    listPath: `/me/${kind}s`,
    viewPath: `/${kind}s`,
    emptyIcon,
  };
}

/** The part of an item the page itself reads. */
interface PageItem {
  title: string;
  author: { id: string };
  takedown?: Parameters<typeof TakedownNotice>[0]['takedown'] | null;
}

/** The item's query as the page reads it. */
export interface EditableItemQuery<T extends PageItem> {
  item: T | null | undefined;
  hasData: boolean;
  fetching: boolean;
  error: CombinedError | undefined;
  retry: () => void;
}

/** The page's view of the item's query; `itemOf` finds the item in its answer. */
export function editableQueryOf<D, V extends AnyVariables, T extends PageItem>(
  [{ data, fetching, error }, refetch]: UseQueryResponse<D, V>,
  itemOf: (data: D) => T | null | undefined,
): EditableItemQuery<T> {
  return {
    item: data ? itemOf(data) : undefined,
    hasData: Boolean(data),
    fetching,
    error,
    retry: () => refetch({ requestPolicy: 'network-only' }),
  };
}

/** Where the editor leads: to the saved item's page, or back to the author's list. */
export function useEditorExits(kind: ItemEditorPageKind) {
  const navigate = useNavigate();
  return {
    onSaved: (saved: { url: string }) => void navigate(`${kind.viewPath}/${encodeURIComponent(saved.url)}`),
    onCancel: () => void navigate(kind.listPath),
  };
}

/** An item's stored pictures, in their order, as the screenshots field keeps them. */
export function keptImagesOf(
  resources: readonly {
    id: string;
    type: string;
    order: number;
    title?: string | null;
    url?: string | null;
    cardUrl?: string | null;
  }[],
): KeptImage[] {
  return resources
    .filter((resource) => resource.type === 'IMAGE')
    .sort((a, b) => a.order - b.order)
    .map((resource) => ({
      id: resource.id,
      name: resource.title ?? '',
      previewUrl: resource.cardUrl ?? resource.url ?? '',
    }));
}

/**
 * /me/{skin,bundle}/edit/{url}: the author's item (or, for an admin, anyone's) in its editor, with
 * an admin's takedown said at the top, as on the item's page (the form works as before).
 */
export function EditItemPage<T extends PageItem>({
  kind,
  query,
  children,
}: {
  kind: ItemEditorPageKind;
  query: EditableItemQuery<T>;
  children: (item: T) => ReactNode;
}) {
  const { user } = useSession();
  const { item, error } = query;
  useEffect(() => {
    if (error) console.error(`The ${kind.name} could not be loaded for editing`, error);
  }, [error, kind.name]);

  const mayEdit = item && user && (item.author.id === String(user.id) || hasAllRoles(user.roles, ['admin']));
  let content;
  if (item && mayEdit) {
    content = (
      <>
        {item.takedown ? (
          <TakedownNotice
            itemType={kind.itemType}
            takedown={item.takedown}
            audience={item.author.id === String(user.id) ? 'author' : 'admin'}
            mb="xl"
          />
        ) : null}
        {children(item)}
      </>
    );
  } else if (query.fetching && !query.hasData) {
    content = <DetailSkeleton label={kind.texts.loading} />;
  } else if (error && !query.hasData) {
    content = <ListLoadError message={itemEditorMessages.editor.loadFailed} onRetry={query.retry} />;
  } else {
    content = (
      <EmptyState
        icon={kind.emptyIcon}
        title={kind.texts.notFoundTitle}
        message={kind.texts.notFound}
        actions={
          <Button component={Link} to={kind.listPath}>
            {kind.texts.back}
          </Button>
        }
      />
    );
  }
  return (
    <PageContainer title={kind.texts.editTitle} description={item ? item.title : kind.texts.description}>
      {content}
    </PageContainer>
  );
}
