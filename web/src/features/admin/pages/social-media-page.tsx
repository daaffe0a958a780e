import { Badge, Card, Group, Text } from '@mantine/core';
import { IconBrandInstagram } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin.messages';

const social = adminMessages.social;

/** Publishing to Twitter and Instagram; ?s= names the skin, ?a= the author (url or id). */
export function SocialMediaPage() {
  const [searchParams] = useSearchParams();
  const skin = searchParams.get('s');
  const author = searchParams.get('a');
  return (
    <PageContainer title={social.title} eyebrow={adminMessages.eyebrow} description={social.description}>
      <Card withBorder padding="lg">
        {skin || author ? (
          <Group gap="sm">
            {skin ? (
              <Badge size="lg" variant="light" tt="none">
                {social.skin}: {skin}
              </Badge>
            ) : null}
            {author ? (
              <Badge size="lg" variant="light" color="magenta" tt="none">
                {social.author}: {author}
              </Badge>
            ) : null}
          </Group>
        ) : (
          <EmptyState
            icon={<IconBrandInstagram stroke={1.5} />}
            message={<Text inherit>{social.chooseFirst}</Text>}
          />
        )}
      </Card>
    </PageContainer>
  );
}
