import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTags } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import type { CombinedError } from 'urql';
import {
  TAG_GROUPS,
  tagChange,
  tagGroupLabels,
  tagInput,
  TAG_NAME_MAX,
  TAG_SLUG_MAX,
  tagSlugOf,
} from '../../../../../domain/catalog/tags.schemas';
import type { TagGroup } from '../../../../../domain/catalog/tags.schemas';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import { formatDateTime } from '../../../shared/format';
import type {
  AdminTagFieldsFragment,
  AllTagsQuery as AllTags,
} from '../../../shared/graphql/generated/graphql';
import { ListLoadError } from '../../../shared/listing';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin-tags.messages';
import { ListSkeleton } from '../../../shared/admin-list/admin-list-parts';
import {
  AllTagsQuery,
  CreateTagMutation,
  RestoreTagMutation,
  RetireTagMutation,
  TagLogQuery,
  UpdateTagMutation,
} from '../lib/tags.documents';

const texts = adminMessages.tags;
/** Every change here changes what the tag queries answer. */
const CHANGES_TAGS = { additionalTypenames: ['Tag', 'TagUsage', 'TagCount', 'TagLogEntry'] };
/** The lists ask again whenever a tag changes. */
const CHANGES_TAGS_CONTEXT = { additionalTypenames: ['Tag'] };
const groupOptions = TAG_GROUPS.map((group) => ({ value: group, label: tagGroupLabels[group] }));

type TagFormValues = { name: string; slug: string; group: TagGroup; position: number | string };
type Usage = AllTags['allTags'][number];

/** The field the API refused (its `extensions.field`) and its message, for the form. */
function refusalOf(error: CombinedError | undefined): { field: string | null; message: string } | null {
  const first = error?.graphQLErrors[0];
  if (!first) return null;
  const field = (first.extensions as { field?: string } | undefined)?.field ?? null;
  return { field, message: first.message };
}

const positionOf = (value: number | string) => (typeof value === 'number' ? value : null);

// The API's own rules; defined once, since the form re-runs them on every change after a submit.
const checkNewTag = zod4Resolver(tagInput, { errorPriority: 'first' });
const checkTagChange = zod4Resolver(tagChange, { errorPriority: 'first' });
const validateNewTag = (values: TagFormValues) =>
  checkNewTag({ ...values, slug: values.slug || null, position: positionOf(values.position) });
const validateTagChange = (values: TagFormValues) =>
  checkTagChange({ ...values, position: positionOf(values.position) });

/** The new-tag form; the page mounts a fresh one after each tag added, so nothing is flagged in it. */
/** The group and position fields, the same in the new-tag form and the edit dialog. */
function GroupAndPositionFields({ form }: { form: UseFormReturnType<TagFormValues> }) {
  return (
    <>
      <Select
        label={texts.group}
        required
        allowDeselect={false}
        data={groupOptions}
        {...form.getInputProps('group')}
      />
      <NumberInput
        label={texts.position}
        description={texts.positionHint}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        min={0}
        max={1000}
        allowDecimal={false}
        allowNegative={false}
        placeholder="0"
        {...form.getInputProps('position')}
      />
    </>
  );
}

function NewTagForm({ onCreated }: { onCreated: () => void }) {
  const [{ fetching }, createTag] = useMutation(CreateTagMutation);
  const form = useForm<TagFormValues>({
    initialValues: { name: '', slug: '', group: 'STYLE', position: '' },
    validate: validateNewTag,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);
  const submit = async (values: TagFormValues) => {
    const result = await createTag(
      {
        input: {
          name: values.name.trim(),
          slug: values.slug.trim() || null,
          group: values.group,
          position: positionOf(values.position),
        },
      },
      CHANGES_TAGS,
    );
    const refusal = refusalOf(result.error);
    if (refusal || !result.data) {
      if (refusal?.field === 'name' || refusal?.field === 'slug')
        errors.setServerError(refusal.field, refusal.message);
      notifications.show({ color: 'red', message: refusal?.message ?? texts.createFailed });
      return;
    }
    notifications.show({ color: 'teal', message: texts.created(result.data.createTag.name) });
    onCreated();
  };
  const suggested = tagSlugOf(form.getValues().name);
  return (
    <Card withBorder padding="lg">
      <form onSubmit={errors.onSubmit(submit)} noValidate aria-labelledby="new-tag-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="new-tag-title">
            {texts.newTitle}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            <TextInput label={texts.name} required maxLength={TAG_NAME_MAX} {...form.getInputProps('name')} />
            <TextInput
              label={texts.slug}
              description={texts.slugHint}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              placeholder={suggested || undefined}
              maxLength={TAG_SLUG_MAX}
              {...form.getInputProps('slug')}
            />
            <GroupAndPositionFields form={form} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={fetching} leftSection={<IconPlus size={18} aria-hidden />}>
              {texts.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function EditTagForm({ tag, onDone }: { tag: AdminTagFieldsFragment; onDone: () => void }) {
  const [{ fetching }, updateTag] = useMutation(UpdateTagMutation);
  const form = useForm<TagFormValues>({
    initialValues: { name: tag.name, slug: tag.slug, group: tag.group, position: tag.position },
    validate: validateTagChange,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);
  const submit = async (values: TagFormValues) => {
    const result = await updateTag(
      {
        id: tag.id,
        input: { name: values.name.trim(), group: values.group, position: positionOf(values.position) },
      },
      CHANGES_TAGS,
    );
    const refusal = refusalOf(result.error);
    if (refusal || !result.data) {
      if (refusal?.field === 'name') errors.setServerError('name', refusal.message);
      notifications.show({ color: 'red', message: refusal?.message ?? texts.saveFailed });
      return;
    }
    notifications.show({ color: 'teal', message: texts.saved(result.data.updateTag.name) });
    onDone();
  };
  return (
    <form onSubmit={errors.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput
          label={texts.name}
          required
          maxLength={TAG_NAME_MAX}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={texts.slug}
          value={tag.slug}
          readOnly
          variant="filled"
          description={texts.slugHint}
        />
        <GroupAndPositionFields form={form} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {texts.cancel}
          </Button>
          <Button type="submit" loading={fetching}>
            {texts.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RetirementButton({ tag }: { tag: AdminTagFieldsFragment }) {
  const [{ fetching: retiring }, retireTag] = useMutation(RetireTagMutation);
  const [{ fetching: restoring }, restoreTag] = useMutation(RestoreTagMutation);
  const step = async () => {
    const result = tag.retired
      ? await restoreTag({ id: tag.id }, CHANGES_TAGS)
      : await retireTag({ id: tag.id }, CHANGES_TAGS);
    if (result.error) {
      notifications.show({ color: 'red', message: refusalOf(result.error)?.message ?? texts.stepFailed });
      return;
    }
    notifications.show({
      color: 'teal',
      message: tag.retired ? texts.restored(tag.name) : texts.retired(tag.name),
    });
  };
  return (
    <Button
      size="compact-sm"
      variant={tag.retired ? 'light' : 'default'}
      color={tag.retired ? 'teal.9' : undefined}
      loading={retiring || restoring}
      onClick={step}
      aria-label={tag.retired ? texts.restore(tag.name) : texts.retire(tag.name)}
    >
      {tag.retired ? texts.restoreLabel : texts.retireLabel}
    </Button>
  );
}

function GroupTable({
  group,
  entries,
  onEdit,
}: {
  group: TagGroup;
  entries: Usage[];
  onEdit: (tag: AdminTagFieldsFragment) => void;
}) {
  const columns = texts.columns;
  return (
    <Card withBorder padding={0} component="section" aria-labelledby={`tag-group-${group}`}>
      <Group justify="space-between" px="md" pt="md" pb="xs">
        <Title order={2} size="h4" id={`tag-group-${group}`}>
          {tagGroupLabels[group]}
        </Title>
        <Text size="sm" c="dimmed">
          {texts.groupCount(entries.length)}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" highlightOnHover layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{columns.name}</Table.Th>
              <Table.Th>{columns.slug}</Table.Th>
              <Table.Th ta="right">{columns.position}</Table.Th>
              <Table.Th ta="right">{columns.skins}</Table.Th>
              <Table.Th>{columns.status}</Table.Th>
              <Table.Th>{columns.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map(({ tag, listed, uses }) => (
              <Table.Tr key={tag.id} data-tag={tag.slug}>
                <Table.Td fw={600}>{tag.name}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {tag.slug}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{tag.position}</Table.Td>
                <Table.Td ta="right">{texts.skins(listed, uses)}</Table.Td>
                <Table.Td>
                  <Badge
                    variant={tag.retired ? 'outline' : 'light'}
                    color={tag.retired ? 'gray' : 'teal'}
                    radius="sm"
                  >
                    {tag.retired ? texts.retiredBadge : texts.activeBadge}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      onClick={() => onEdit(tag)}
                      aria-label={texts.edit(tag.name)}
                    >
                      {texts.editLabel}
                    </Button>
                    <RetirementButton tag={tag} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function RecentChanges() {
  const [{ data }] = useQuery({
    query: TagLogQuery,
    variables: { limit: 20 },
    context: CHANGES_TAGS_CONTEXT,
  });
  const entries = data?.tagLog ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="tag-log-title">
      <Title order={2} size="h4" id="tag-log-title" mb="sm">
        {texts.logTitle}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {texts.logEmpty}
        </Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <Text component="li" size="sm" key={entry.id}>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> ·{' '}
              <strong>{texts.logActions[entry.action]}</strong>{' '}
              {entry.before && entry.action === 'UPDATED'
                ? texts.logChange(
                    `${entry.before.name} (${tagGroupLabels[entry.before.group]}, ${entry.before.position})`,
                    `${entry.after.name} (${tagGroupLabels[entry.after.group]}, ${entry.after.position})`,
                  )
                : `${entry.after.name} (${entry.after.slug})`}{' '}
              <Text span c="dimmed" size="sm">
                {entry.by ? texts.by(entry.by.username) : null}
              </Text>
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** /admin/tags: the curated list by group with each tag's usage; add, rename, regroup, reorder, retire, restore. */
export function AdminTagsPage() {
  const [editing, setEditing] = useState<AdminTagFieldsFragment | null>(null);
  const [added, setAdded] = useState(0);
  const [result, refetch] = useQuery({ query: AllTagsQuery, context: CHANGES_TAGS_CONTEXT });
  const all = result.data?.allTags;
  return (
    <PageContainer title={texts.title} eyebrow={adminMessages.eyebrow} description={texts.description}>
      <Stack gap="lg">
        <NewTagForm key={added} onCreated={() => setAdded((count) => count + 1)} />
        {result.error && !all ? (
          <ListLoadError message={texts.failed} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
        ) : !all ? (
          <Card withBorder padding={0}>
            <ListSkeleton label={texts.loading} height={40} />
          </Card>
        ) : all.length === 0 ? (
          <EmptyState icon={<IconTags stroke={1.5} />} message={texts.logEmpty} />
        ) : (
          TAG_GROUPS.map((group) => {
            const entries = all.filter((entry) => entry.tag.group === group);
            return entries.length > 0 ? (
              <GroupTable key={group} group={group} entries={entries} onEdit={setEditing} />
            ) : null;
          })
        )}
        <RecentChanges />
      </Stack>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={texts.editTitle} centered>
        {editing ? <EditTagForm tag={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </PageContainer>
  );
}
