import { Button, Chip, Collapse, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTags } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { TAG_FILTER_MAX, TAG_GROUPS, tagGroupLabels } from '../../../../../domain/catalog/tags.schemas';
import type { GameType } from '../../../shared/graphql/generated/graphql';
import { SkinTagCountsQuery } from '../lib/skins.documents';
import { skinsMessages } from '../skins.messages';
import classes from './skins-tag-filter.module.css';

const messages = skinsMessages.tags;

export interface SkinsTagFilterProps {
  /** The game shown (null: all games): the counts are of its listed skins. */
  game: GameType | null;
  /** The tags chosen (their link names). */
  selected: string[];
  onChange: (tags: string[]) => void;
}

/**
 * The tag filter below the filter bar: chips by group, each with the number of skins the list holds
 * once it is added (so a count is what a click shows). Tags no listed skin carries are left out,
 * unless chosen. Open by default on wide screens; on phones behind a toggle that says how many are chosen.
 */
export function SkinsTagFilter({ game, selected, onChange }: SkinsTagFilterProps) {
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? true;
  const [open, setOpen] = useState(wide || selected.length > 0);
  useEffect(() => {
    if (wide) setOpen(true);
  }, [wide]);
  const [{ data }] = useQuery({ query: SkinTagCountsQuery, variables: { type: game, withTags: selected } });
  const counts = data?.tags ?? [];
  const full = selected.length >= TAG_FILTER_MAX;

  const toggle = (slug: string, checked: boolean) =>
    onChange(checked ? [...selected, slug] : selected.filter((tag) => tag !== slug));

  const groups = TAG_GROUPS.map((group) => ({
    group,
    tags: counts.filter(
      (entry) => entry.tag.group === group && (entry.count > 0 || selected.includes(entry.tag.slug)),
    ),
  })).filter((entry) => entry.tags.length > 0);

  return (
    <section className={classes.filter} aria-labelledby="skins-tag-filter-title">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <IconTags size={18} stroke={1.6} aria-hidden />
          <Text component="h2" id="skins-tag-filter-title" fw={700} size="sm">
            {messages.title}
          </Text>
          {selected.length > 0 ? (
            <Text size="sm" c="dimmed">
              {messages.chosen(selected.length)}
            </Text>
          ) : null}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {selected.length > 0 ? (
            <Button variant="subtle" size="compact-sm" onClick={() => onChange([])}>
              {messages.clear}
            </Button>
          ) : null}
          {wide ? null : (
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => setOpen((value) => !value)}
              aria-expanded={open}
              aria-controls="skins-tag-filter-chips"
            >
              {open ? messages.hide : messages.show}
            </Button>
          )}
        </Group>
      </Group>
      <Collapse expanded={open} id="skins-tag-filter-chips">
        <Stack gap={8} mt="xs">
          {groups.map(({ group, tags }) => (
            <Group
              key={group}
              gap={6}
              align="center"
              className={classes.group}
              role="group"
              aria-label={tagGroupLabels[group]}
            >
              <Text size="xs" c="dimmed" fw={600} className={classes.groupLabel} aria-hidden>
                {tagGroupLabels[group]}
              </Text>
              {tags.map(({ tag, count }) => {
                const checked = selected.includes(tag.slug);
                return (
                  <Chip
                    key={tag.id}
                    size="xs"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(value) => toggle(tag.slug, value)}
                    data-tag={tag.slug}
                    aria-label={messages.chipLabel(tag.name, count)}
                  >
                    {tag.name}
                    <span className={classes.count} aria-hidden>
                      {count}
                    </span>
                  </Chip>
                );
              })}
            </Group>
          ))}
          {full ? (
            <Text size="xs" c="dimmed">
              {messages.full(TAG_FILTER_MAX)}
            </Text>
          ) : null}
        </Stack>
      </Collapse>
    </section>
  );
}
