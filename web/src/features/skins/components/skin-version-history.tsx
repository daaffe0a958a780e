import { Accordion, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconHistory } from '@tabler/icons-react';
import { useQuery } from 'urql';
import { formatDate } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { SkinVersionAccessQuery, SkinVersionsQuery } from '../lib/skin-versions.documents';
import { skinVersionsMessages as messages } from '../skin-versions.messages';
import classes from './skin-version-history.module.css';

function sizeOf(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/**
 * A skin page's version history, collapsed: each version with its date and changelog, newest
 * first, and a download link per earlier version for those allowed (free skins: anyone; paid ones:
 * owners, the author and admins). Loaded lazily by the skin page.
 */
export function SkinVersionHistory({ skinId, url, price }: { skinId: string; url: string; price: number }) {
  const { user } = useSession();
  const [{ data, error }] = useQuery({ query: SkinVersionsQuery, variables: { url } });
  const [access] = useQuery({
    query: SkinVersionAccessQuery,
    variables: { ids: [skinId] },
    pause: user === null || price === 0,
  });
  const versions = data?.skin?.versions ?? [];
  if (error) {
    return (
      <Text size="sm" c="dimmed" className={classes.history}>
        {messages.loadFailed}
      </Text>
    );
  }
  if (versions.length === 0) return null;
  const mayDownload =
    price === 0 ||
    (access.data?.viewerSkinStates.find((state) => state.id === skinId)?.canDownloadVersions ?? false);
  return (
    <section className={classes.history} aria-labelledby="skin-version-history">
      <Accordion variant="separated" chevronPosition="right">
        <Accordion.Item value="versions">
          <Accordion.Control icon={<IconHistory size={18} stroke={1.6} aria-hidden />}>
            <Group gap="xs" wrap="nowrap">
              <Title order={2} id="skin-version-history" className={classes.title}>
                {messages.title}
              </Title>
              <Text size="sm" c="dimmed">
                {messages.summary(versions.length)}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="md" component="ol" className={classes.list}>
              {versions.map((version) => (
                <li key={version.version} className={classes.entry}>
                  <Group gap="xs" justify="space-between" align="baseline">
                    <Group gap="xs" align="baseline">
                      <Text fw={700}>
                        {messages.version(version.version)}
                        {version.changelog === null ? ` — ${messages.firstRelease}` : ''}
                      </Text>
                      {version.current ? (
                        <Badge size="sm" variant="light">
                          {messages.current}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm" c="dimmed">
                      <time dateTime={version.publishedAt}>{formatDate(version.publishedAt)}</time> ·{' '}
                      {sizeOf(version.size)}
                    </Text>
                  </Group>
                  {version.changelog !== null ? (
                    <Text size="sm" className={classes.changelog}>
                      {version.changelog}
                    </Text>
                  ) : null}
                  {!version.current && mayDownload ? (
                    <Anchor href={version.downloadUrl} size="sm" download>
                      <Group gap={4} component="span">
                        <IconDownload size={14} aria-hidden />
                        {messages.download(version.version)}
                      </Group>
                    </Anchor>
                  ) : null}
                </li>
              ))}
            </Stack>
            {!mayDownload && versions.length > 1 ? (
              <Text size="xs" c="dimmed" mt="sm">
                {messages.ownersOnly}
              </Text>
            ) : null}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </section>
  );
}
