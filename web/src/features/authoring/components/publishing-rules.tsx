import { Anchor, Card, List, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPoint, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { itemEditorMessages } from '../item-editor.messages';
import {
  publishingRuleStates,
  type EditorSnapshot,
  type PublishingRule,
  type RuleState,
} from '../lib/publishing-rule-states';

const rules = itemEditorMessages.rules;

function RuleIcon({ state }: { state: RuleState }) {
  if (state === 'holds')
    return (
      <ThemeIcon size={22} radius="xl" variant="light" color="teal" aria-hidden>
        <IconCheck size={14} />
      </ThemeIcon>
    );
  if (state === 'broken')
    return (
      <ThemeIcon size={22} radius="xl" variant="light" color="red" aria-hidden>
        <IconX size={14} />
      </ThemeIcon>
    );
  return (
    <ThemeIcon size={22} radius="xl" variant="light" color="gray" aria-hidden>
      <IconPoint size={14} />
    </ThemeIcon>
  );
}

/**
 * The limits of spec 5 that an author should know before uploading, each marked by how the form
 * stands: a tick once the rule holds, a cross while it is broken, a dot while it is not filled in.
 */
export function PublishingRules({ form }: { form: EditorSnapshot }) {
  const states = publishingRuleStates(form);
  const shown: PublishingRule[] = [
    'name',
    'description',
    'price',
    'images',
    ...(form.zip !== undefined ? ['zip' as const] : []),
  ];
  return (
    <Card withBorder padding="xl">
      <Stack gap="md">
        <Title order={2} size="h4">
          {rules.title}
        </Title>
        <List spacing="sm" data-testid="publishing-rules">
          {shown.map((rule) => (
            <List.Item key={rule} icon={<RuleIcon state={states[rule]} />} data-state={states[rule]}>
              <Text size="sm">
                {rules[rule]}
                <VisuallyHidden> ({rules.states[states[rule]]})</VisuallyHidden>
              </Text>
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
