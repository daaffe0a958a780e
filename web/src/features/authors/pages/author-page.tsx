import { Button, Container } from '@mantine/core';
import { IconPalette, IconUserQuestion } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { REFRESHED_BY_FOLLOWS } from '../../../shared/follows';
import { ListLoadError } from '../../../shared/listing';
import { siteMessages } from '../../../shared/messages/site.messages';
import { BundleCardGrid } from '../../../shared/bundle-card';
import { SkinCardGrid } from '../../../shared/skin-card';
import { BackLink, EmptyState, MessageWithUserText, PageTitle } from '../../../shared/ui';
import { authorsMessages } from '../authors.messages';
import { AuthorProfile } from '../components/author-profile';
import type { AuthorDetail } from '../components/author-profile';
import { AuthorDetailQuery } from '../lib/authors.documents';
import { AuthorPageSkeleton } from '../components/author-page-skeleton';

function AuthorView({ author }: { author: AuthorDetail }) {
  return (
    <>
      <title>{siteMessages.documentTitle(author.username)}</title>
      <AuthorProfile author={author} />
      <section aria-labelledby="author-skins-title" style={{ marginTop: 56 }}>
        <div id="author-skins-title" style={{ marginBottom: 'var(--mantine-spacing-xl)' }}>
          <PageTitle order={2} eyebrow={authorsMessages.publishedSkins}>
            <MessageWithUserText message={authorsMessages.skinsTitle} text={author.username} />
          </PageTitle>
        </div>
        {author.skins.length > 0 ? (
          <SkinCardGrid skins={author.skins} headingOrder={3} />
        ) : (
          <EmptyState
            icon={<IconPalette stroke={1.5} />}
            message={authorsMessages.noSkins(author.username)}
          />
        )}
      </section>
      {author.bundles.length > 0 ? (
        <section aria-labelledby="author-bundles-title" style={{ marginTop: 56 }}>
          <div id="author-bundles-title" style={{ marginBottom: 'var(--mantine-spacing-xl)' }}>
            <PageTitle order={2} eyebrow={authorsMessages.publishedBundles}>
              <MessageWithUserText message={authorsMessages.bundlesTitle} text={author.username} />
            </PageTitle>
          </div>
          <BundleCardGrid bundles={author.bundles} headingOrder={3} />
        </section>
      ) : null}
      {author.coAuthoredSkins.length + author.coAuthoredBundles.length > 0 ? (
        <section aria-labelledby="author-co-authored-title" style={{ marginTop: 56 }}>
          <div id="author-co-authored-title" style={{ marginBottom: 'var(--mantine-spacing-xl)' }}>
            <PageTitle order={2} eyebrow={authorsMessages.coAuthoredEyebrow}>
              <MessageWithUserText message={authorsMessages.coAuthoredTitle} text={author.username} />
            </PageTitle>
          </div>
          {author.coAuthoredSkins.length > 0 ? (
            <SkinCardGrid skins={author.coAuthoredSkins} headingOrder={3} />
          ) : null}
          {author.coAuthoredBundles.length > 0 ? (
            <BundleCardGrid bundles={author.coAuthoredBundles} headingOrder={3} />
          ) : null}
        </section>
      ) : null}
    </>
  );
}

/** An author's page (/authors/{url}): profile with totals, social links, published skins and bundles. */
export function AuthorPage() {
  const { url = '' } = useParams();
  const [{ data, fetching, error }, refetch] = useQuery({
    query: AuthorDetailQuery,
    variables: { url },
    // A follow changes the follower count: the page is asked again.
    context: REFRESHED_BY_FOLLOWS,
  });
  useEffect(() => {
    if (error) console.error('The author could not be loaded', error);
  }, [error]);

  let content;
  if (data?.author) {
    content = <AuthorView author={data.author} />;
  } else if (fetching) {
    content = (
      <>
        <title>{siteMessages.documentTitle(authorsMessages.loadingAuthor)}</title>
        <AuthorPageSkeleton label={authorsMessages.loadingAuthor} />
      </>
    );
  } else if (error) {
    content = (
      <>
        <title>{siteMessages.documentTitle(authorsMessages.listTitle)}</title>
        <ListLoadError
          message={authorsMessages.authorLoadFailed}
          onRetry={() => refetch({ requestPolicy: 'network-only' })}
        />
      </>
    );
  } else {
    content = (
      <>
        <title>{siteMessages.documentTitle(authorsMessages.notFoundTitle)}</title>
        <EmptyState
          icon={<IconUserQuestion stroke={1.5} />}
          title={authorsMessages.notFoundTitle}
          message={authorsMessages.notFound}
          actions={
            <Button component={Link} to="/authors">
              {authorsMessages.browseAuthors}
            </Button>
          }
        />
      </>
    );
  }

  return (
    <Container size="xl" py="xl" w="100%">
      <BackLink to="/authors">{authorsMessages.backToAuthors}</BackLink>
      {content}
    </Container>
  );
}
