import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ruleAnchor, type TermsGround } from '../../../../../domain/moderation/terms-grounds';
import { formatDate } from '../../../shared/format';
import type { StatementFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { adminMessages } from '../admin-moderation.messages';
import classes from '../../../shared/admin-list/admin-list.module.css';

const texts = adminMessages.statements;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {children}
    </div>
  );
}

/**
 * One statement of reasons as its person and admins read it: what was decided and when, the facts,
 * the rule of the terms (linked), whether automated, and the appeal with its answer. `children`
 * is what the reader can do (appeal, answer).
 */
export function StatementCard({
  statement,
  heading,
  forAdmin = false,
  children,
}: {
  statement: StatementFieldsFragment;
  heading?: ReactNode;
  /** An admin reads it: "Appeal of …" rather than "Your appeal of …". */
  forAdmin?: boolean;
  children?: ReactNode;
}) {
  const appeal = statement.appeal;
  const label = statement.itemLabel ?? adminMessages.moderation.deletedItem;
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="article"
      id={`statement-${statement.id}`}
      aria-labelledby={`statement-${statement.id}-title`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Badge color="red" variant="light" radius="sm" id={`statement-${statement.id}-title`}>
              {texts.kinds[statement.kind] ?? statement.kind}
            </Badge>
            <Text size="sm" c="dimmed">
              {texts.decidedOn(formatDate(statement.issuedAt))}
            </Text>
          </Group>
          {heading}
        </Group>
        <Row label={texts.about}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span size="xs" c="dimmed" tt="uppercase" fw={700} mr={6}>
              {adminMessages.moderation.kindTitles[statement.itemType] ?? statement.itemType}
            </Text>
            {statement.itemUrl ? (
              <Anchor component={Link} to={statement.itemUrl} inherit>
                {label}
              </Anchor>
            ) : (
              label
            )}
          </Text>
        </Row>
        <Row label={texts.facts}>
          <Text size="sm" className={classes.commentText}>
            {statement.facts}
          </Text>
        </Row>
        <Row label={texts.ground}>
          <Text size="sm">
            <Anchor
              component={Link}
              to={`/terms-of-service#${ruleAnchor(statement.ground as TermsGround)}`}
              inherit
              fw={600}
            >
              {texts.groundRule(statement.groundRule)}
            </Anchor>
            : {statement.groundText}
          </Text>
        </Row>
        <Text size="sm">{texts.automated(statement.automated)}</Text>
        {appeal ? (
          <Card withBorder padding="sm" radius="sm" bg="var(--mantine-color-default-hover)">
            <Stack gap={6}>
              <Text size="sm" fw={700}>
                {(forAdmin ? texts.theirAppeal : texts.yourAppeal)(formatDate(appeal.appealedAt))}
              </Text>
              <Text size="sm" className={classes.commentText}>
                {appeal.text}
              </Text>
              {appeal.outcome ? (
                <>
                  <Group gap="xs">
                    <Badge color={appeal.outcome === 'REVERSED' ? 'teal' : 'gray'} radius="sm">
                      {texts.outcome[appeal.outcome]}
                    </Badge>
                    {appeal.decidedAt ? (
                      <Text size="xs" c="dimmed">
                        {texts.answeredOn(formatDate(appeal.decidedAt))}
                      </Text>
                    ) : null}
                  </Group>
                  {appeal.reason ? (
                    <Text size="sm" className={classes.commentText}>
                      {appeal.reason}
                    </Text>
                  ) : null}
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {texts.waiting}
                </Text>
              )}
            </Stack>
          </Card>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}
