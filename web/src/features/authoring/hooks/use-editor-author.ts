import { useEffect } from 'react';
import { useQuery } from 'urql';
import { useSession } from '../../../shared/session';
import { EditorAuthorQuery } from '../lib/item-editor.documents';

/** The author a preview card names. */
export interface PreviewAuthor {
  id: string;
  url: string;
  username: string;
  country: string | null;
}

/**
 * The signed-in author for the editor's live preview: their account once it has loaded, what the
 * session token says until then (or if it fails).
 */
export function useEditorAuthor(): PreviewAuthor {
  const { user } = useSession();
  const [{ data, error }] = useQuery({ query: EditorAuthorQuery, pause: !user });
  useEffect(() => {
    if (error) console.error('The author could not be loaded for the preview', error);
  }, [error]);
  const myUser = data?.myUser;
  return {
    id: String(user?.id ?? ''),
    url: myUser?.url ?? '',
    username: myUser?.username ?? user?.username ?? '',
    country: myUser?.country ?? user?.country ?? null,
  };
}
