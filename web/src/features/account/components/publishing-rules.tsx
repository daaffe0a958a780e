import { Anchor, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { accountMessages } from '../account.messages';

const rules = accountMessages.rules;

/** The limits of spec 5 that an author should know before uploading. */
export function PublishingRules({ withZip }: { withZip: boolean }) {
  const items = [rules.name, rules.description, rules.price, rules.images, ...(withZip ? [rules.zip] : [])];
  return (
    <Card withBorder padding="xl">
      <Stack gap="md">
        <Title order={2} size="h4">
          {rules.title}
        </Title>
        <List
          spacing="sm"
          icon={
            <ThemeIcon size={22} radius="xl" variant="light" aria-hidden>
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {items.map((item) => (
            <List.Item key={item}>
              <Text size="sm">{item}</Text>
            </List.Item>
          ))}
        </List>
        <Anchor component={Link} to="/submissions" size="sm" fw={600}>
          {rules.submissionRules}
        </Anchor>
      </Stack>
    </Card>
  );
}
