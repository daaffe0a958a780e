import { Alert, Anchor, Button, Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconGift } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { formatDate } from '../../../shared/format';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { useRefreshOwnership } from '../../../shared/ownership';
import { openAuthModal, useSession } from '../../../shared/session';
import { PageContainer } from '../../../shared/ui';
import { giftsMessages as texts } from '../gifts.messages';
import { ClaimGiftMutation, GiftClaimQuery } from '../lib/gifts.documents';

/**
 * /gifts/claim?t={token}: the page of a gift's claim link (docs/gifts.md). Anyone holding the link
 * sees the gift; claiming needs an account, signed in here or registered from the page. The claim
 * is a button, never the page load, so a mail scanner that fetches the link claims nothing.
 */
export function GiftClaimPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t') ?? '';
  const { user } = useSession();
  const refreshOwnership = useRefreshOwnership();
  const [result] = useQuery({ query: GiftClaimQuery, variables: { token }, pause: !token });
  const [claiming, claim] = useMutation(ClaimGiftMutation);
  const gift = claiming.data?.claimGift ?? result.data?.giftClaim ?? null;
  const failure = claiming.error ? graphqlFailureOf(claiming.error) : null;
  const loadFailure = result.error ? graphqlFailureOf(result.error) : null;

  let body;
  if (!token) {
    body = <Problem message={texts.missingToken} />;
  } else if (loadFailure) {
    body = <Problem message={loadFailure.code === 'NOT_FOUND' ? loadFailure.message : texts.loadFailed} />;
  } else if (!gift) {
    body = <Skeleton h={180} aria-label={texts.title} />;
  } else {
    const state = gift.claimedByYou ? (
      <Stack gap="sm">
        <Alert color="teal" variant="light" icon={<IconCircleCheck />} role="status">
          {texts.claimed}
        </Alert>
        <Group>
          <Button component={Link} to="/me/collection">
            {texts.toCollection}
          </Button>
        </Group>
      </Stack>
    ) : gift.status === 'ENDED' ? (
      <Problem message={texts.ended} />
    ) : gift.status === 'CLAIMED' ? (
      <Problem message={texts.claimedElsewhere} />
    ) : gift.link === 'USED' ? (
      <Problem message={texts.linkUsed} />
    ) : gift.link === 'EXPIRED' ? (
      <Problem message={texts.linkExpired} />
    ) : !gift.claimable ? (
      <Problem message={texts.notPaid} />
    ) : user ? (
      <Stack gap="sm">
        <Text size="sm">{texts.claimAs(user.username)}</Text>
        {failure ? <Problem message={failure.message} /> : null}
        <Group>
          <Button
            size="md"
            leftSection={<IconGift size={18} aria-hidden />}
            loading={claiming.fetching}
            onClick={() =>
              void claim({ token }).then(async (answer) => {
                if (!answer.error) await refreshOwnership();
              })
            }
          >
            {texts.claim}
          </Button>
        </Group>
      </Stack>
    ) : (
      <Stack gap="sm">
        <Text size="sm">{texts.signInFirst}</Text>
        <Group>
          <Button onClick={() => openAuthModal('login')}>{texts.signIn}</Button>
          <Button variant="default" onClick={() => openAuthModal('register')}>
            {texts.register}
          </Button>
        </Group>
      </Stack>
    );
    body = (
      <Stack gap="lg">
        <Stack gap="xs">
          <Text fw={700}>{texts.from(gift.giverName)}</Text>
          {gift.items.map((item, index) => (
            <Group key={index} gap="md" wrap="nowrap">
              {item.skin?.thumbnail?.cardUrl ? (
                <Image src={item.skin.thumbnail.cardUrl} alt="" w={96} h={54} radius="sm" fit="cover" />
              ) : null}
              <Stack gap={0}>
                <Title order={3} size="h5">
                  {item.skin ? (
                    <Anchor component={Link} to={`/skins/${item.skin.url}`} inherit>
                      {item.name}
                    </Anchor>
                  ) : item.bundle ? (
                    <Anchor component={Link} to={`/bundles/${item.bundle.url}`} inherit>
                      {item.name}
                    </Anchor>
                  ) : (
                    item.name
                  )}
                </Title>
                <Text size="xs" c="dimmed">
                  {item.itemType === 'SKIN' ? texts.skin : texts.bundle}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
        {gift.note ? (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {texts.wrote(gift.giverName)}
            </Text>
            <Text
              component="blockquote"
              m={0}
              pl="md"
              style={{ borderLeft: '3px solid var(--mantine-primary-color-filled)', whiteSpace: 'pre-wrap' }}
            >
              {gift.note}
            </Text>
          </Stack>
        ) : null}
        {state}
        {gift.status === 'OPEN' && gift.link === 'VALID' && !gift.claimedByYou ? (
          <Text size="xs" c="dimmed">
            {texts.expires(formatDate(gift.expiresAt))}
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <PageContainer title={texts.title} eyebrow={texts.eyebrow} description={texts.description} size="xs">
      <Card withBorder padding="xl">
        {body}
      </Card>
    </PageContainer>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
      {message}
    </Alert>
  );
}
