import { Button, Card, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { useQuery } from 'urql';
import {
  ListFilterBar,
  ListLoadError,
  ListPagination,
  listingMessages,
  useListParams,
  useListPaging,
  useSearchBox,
} from '../../../shared/listing';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { authorsMessages } from '../authors.messages';
import { AuthorCard } from '../components/author-card';
import {
  AUTHORS_PAGE_SIZE,
  authorsListVariables,
  readAuthorsFilters,
  writeAuthorsFilters,
} from '../lib/authors-filters';
import { AuthorsListQuery } from '../lib/authors.documents';

const cols = { base: 1, xs: 2, sm: 3, lg: 4 };

function AuthorCardsSkeleton({ count }: { count: number }) {
  return (
    <SimpleGrid cols={cols} spacing="lg" role="status" aria-busy="true">
      <VisuallyHidden>{authorsMessages.loadingAuthors}</VisuallyHidden>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder padding="lg" aria-hidden>
          <Stack align="center" gap={12}>
            <Skeleton circle h={94} w={94} />
            <Skeleton h={20} w="60%" />
            <Skeleton h={20} w="35%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The authors list (spec 2.1, 7.2): a search box, 16 author cards a page, pages below. */
export function AuthorsPage() {
  const { state: filters, update } = useListParams(readAuthorsFilters, writeAuthorsFilters);
  const search = useSearchBox(filters.search, (next) => update({ search: next }, { replace: true }));
  const [{ data, fetching, error }, refetch] = useQuery({
    query: AuthorsListQuery,
    variables: authorsListVariables(filters),
  });
  const page = data?.authors;
  const { listTop, totalPages, goToPage, resultsLine } = useListPaging({
    name: 'authors',
    fetching,
    error,
    pageInfo: page?.pageInfo,
    page: filters.page,
    search: filters.search,
    searchTooShort: search.tooShort,
    update,
    results: authorsMessages.results,
    resultsFor: authorsMessages.resultsFor,
  });

  let list;
  if (error && !fetching) {
    list = (
      <ListLoadError
        message={authorsMessages.loadFailed}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  } else if (fetching || !page) {
    list = <AuthorCardsSkeleton count={Math.min(AUTHORS_PAGE_SIZE, page?.content.length || 8)} />;
  } else if (page.content.length === 0) {
    list = (
      <EmptyState
        icon={<IconUserSearch stroke={1.5} />}
        message={filters.search ? authorsMessages.noAuthors : authorsMessages.noAuthorsYet}
        actions={
          filters.search ? <Button onClick={search.clear}>{listingMessages.clearSearchQuery}</Button> : null
        }
      />
    );
  } else {
    list = (
      <SimpleGrid
        component="ul"
        cols={cols}
        spacing="lg"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {page.content.map((author) => (
          <li key={author.id}>
            <AuthorCard author={author} />
          </li>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <PageContainer
      title={authorsMessages.listTitle}
      eyebrow={authorsMessages.listEyebrow}
      description={authorsMessages.listDescription}
    >
      <ListFilterBar
        label={authorsMessages.filters.label}
        search={search}
        searchLabel={authorsMessages.filters.search}
        searchPlaceholder={authorsMessages.filters.searchPlaceholder}
      />
      <div ref={listTop} style={{ scrollMarginTop: 'calc(64px + 5rem)' }}>
        <Text size="sm" c="dimmed" mb="md" aria-live="polite" aria-atomic="true">
          {resultsLine}
        </Text>
        {list}
        {error ? null : (
          <ListPagination
            label={authorsMessages.pagination}
            total={totalPages}
            value={filters.page}
            onChange={goToPage}
          />
        )}
      </div>
    </PageContainer>
  );
}
