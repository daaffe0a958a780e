import { useQuery } from 'urql';
import { REFRESHED_BY_FOLLOWS } from '../../../shared/follows';
import { useSession } from '../../../shared/session';
import { followedAuthorsMessages as messages } from '../followed-authors.messages';
import { FromFollowedAuthorsQuery } from '../lib/followed-authors.documents';
import { SkinShowcase } from './skin-showcase';

/**
 * "From authors you follow": the newest skins of the authors a signed-in viewer follows. Shown only
 * when there is at least one such skin; visitors and viewers who follow nobody see no row.
 */
export function FollowedAuthorsRow() {
  const { user } = useSession();
  const [{ data }] = useQuery({
    query: FromFollowedAuthorsQuery,
    pause: user === null,
    context: REFRESHED_BY_FOLLOWS,
  });
  const skins = data?.fromFollowedAuthors;
  if (!user || !skins || skins.length === 0) return null;
  return (
    <SkinShowcase
      id="followed-authors-skins"
      title={messages.title}
      eyebrow={messages.eyebrow}
      skins={skins}
      loading={false}
      moreTo="/me/following"
      moreLabel={messages.more}
    />
  );
}
