import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconBrandInstagram,
  IconBrandX,
  IconCheck,
  IconHash,
  IconLink,
  IconSend,
  IconTypography,
  IconUser,
} from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useRef, useState } from 'react';
import { useMutation, type CombinedError } from 'urql';
import { z } from 'zod';
import {
  SOCIAL_IMAGE_LIMITS,
  SOCIAL_NETWORKS,
  socialPublishInput,
  strictestLimit,
  validateForNetwork,
  type SocialNetwork,
} from '../../../../../domain/social/social-post';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import type { SocialDelivery } from '../../../shared/graphql/generated/graphql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import {
  authorInserts,
  authorPageLink,
  hashtagsFor,
  insertAt,
  skinPageLink,
  toggleImage,
  type SocialSubject,
} from '../lib/social-draft';
import { PublishSkinOnInstagramMutation, PublishSkinOnTwitterMutation } from '../lib/social.documents';
import { networkLabels, socialMediaMessages } from '../social-media.messages';
import { SocialImagePicker } from './social-image-picker';
import classes from './social-media.module.css';

const texts = socialMediaMessages;
const TOAST_MS = 5000;
/** A publication changes the lists of publications and the outbox. */
const CHANGES_LISTS = {
  additionalTypenames: ['SocialPostPage', 'SocialOutboxPage', 'SocialPost', 'SocialOutboxEntry'],
};

export type NetworkSetup = Record<SocialNetwork, { delivery: SocialDelivery; maxImages: number }>;

/** Spec 4: each network is idle, in progress, done or in error. */
export type NetworkState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; link: string | null; file: string | null; postId: string | null }
  | { status: 'error'; message: string };

const IDLE: Record<SocialNetwork, NetworkState> = {
  TWITTER: { status: 'idle' },
  INSTAGRAM: { status: 'idle' },
};

type DraftValues = { message: string; imageIds: string[]; networks: SocialNetwork[] };

// The API's own rules (domain/social/social-post.ts): the message (1-260 characters), 1-10
// distinct images, then each ticked network's limits (X's weighted length, hashtags, image counts).
const draftSchema = z.object({
  message: socialPublishInput.shape.message,
  imageIds: socialPublishInput.shape.imageIds,
  networks: z.array(z.enum(SOCIAL_NETWORKS)).min(1, texts.publish.networksRequired),
});
const resolveDraft = zod4Resolver(draftSchema, { errorPriority: 'first' });

function validateDraft(values: DraftValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(resolveDraft(values)))
    if (typeof message === 'string') errors[field.split('.')[0]!] ??= message;
  for (const network of values.networks) {
    // The message against the network's limits (with an image count it takes), then the images.
    const messageProblem = validateForNetwork(network, {
      message: values.message,
      imageCount: SOCIAL_IMAGE_LIMITS[network].min,
    });
    if (messageProblem && !errors.message) errors.message = messageProblem;
    const imageProblem =
      values.imageIds.length === 0
        ? null
        : validateForNetwork(network, { message: 'ok', imageCount: values.imageIds.length });
    if (imageProblem && !errors.imageIds) errors.imageIds = imageProblem;
  }
  return errors;
}

type PublishAnswer = { type: 'SUCCESS' | 'ERROR'; message?: string | null; data?: string | null };

function NetworkStatus({
  network,
  state,
  delivery,
}: {
  network: SocialNetwork;
  state: NetworkState;
  delivery: SocialDelivery | undefined;
}) {
  const name = networkLabels[network];
  switch (state.status) {
    case 'idle':
      return null;
    case 'running':
      return (
        <Group gap={6} wrap="nowrap">
          <Loader size={14} aria-hidden />
          <Text size="sm">{texts.publish.running}</Text>
        </Group>
      );
    case 'done':
      return (
        <Stack gap={4}>
          <Badge color="teal" variant="light" radius="sm" leftSection={<IconCheck size={12} aria-hidden />}>
            {delivery === 'OUTBOX' || state.file ? texts.publish.doneOutbox : texts.publish.done}
          </Badge>
          {state.link ? (
            <Anchor
              href={state.link}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              aria-label={texts.publish.openPostLabel(name)}
            >
              {texts.publish.openPost}
            </Anchor>
          ) : state.file ? (
            // The file's own name says nothing to a person: where to find it does.
            <Text size="xs" c="dimmed" title={state.file}>
              {texts.publish.outboxSaved}
            </Text>
          ) : state.postId ? (
            <Text size="xs" c="dimmed">
              {texts.posts.postId(state.postId)}
            </Text>
          ) : null}
        </Stack>
      );
    case 'error':
      return (
        <Stack gap={4}>
          <Badge
            color="red"
            variant="light"
            radius="sm"
            leftSection={<IconAlertCircle size={12} aria-hidden />}
          >
            {texts.publish.failed}
          </Badge>
          <Text size="sm" c="red">
            {state.message}
          </Text>
        </Stack>
      );
  }
}

/**
 * The post itself (spec 2.13, 4 and 8): the message with its counter and quick inserts, the
 * numbered image choice, the networks with their state, and Publish, which posts to every ticked
 * network not yet done, in parallel.
 */
type DraftForm = UseFormReturnType<DraftValues>;

/**
 * The composer of a post about a skin, a bundle or an author: the message with its quick inserts,
 * the images, and the panel that publishes on the ticked networks, each with its own state.
 */
export function SocialComposer({ subject, setup }: { subject: SocialSubject; setup: NetworkSetup | null }) {
  const form = useForm<DraftValues>({
    initialValues: { message: '', imageIds: [], networks: ['TWITTER', 'INSTAGRAM'] },
    validate: validateDraft,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);
  const { values } = form;
  const publication = usePublication(subject, setup, values);
  const hasErrors = errors.attempted && Object.keys(form.errors).length > 0;

  return (
    <form onSubmit={errors.onSubmit(publication.publish)} noValidate aria-label={texts.publish.sectionLabel}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <MessageCard form={form} subject={subject} running={publication.running} />
            <Card withBorder padding="lg">
              <Text fw={700} mb="xs" component="h3" className={classes.sectionTitle}>
                {texts.images.label}
              </Text>
              <SocialImagePicker
                skins={subject.skins}
                selection={values.imageIds}
                networks={values.networks}
                locked={publication.running}
                withSkinTitles={subject.kind === 'author'}
                error={form.errors.imageIds as string | undefined}
                onToggle={(id) => form.setFieldValue('imageIds', toggleImage(form.getValues().imageIds, id))}
                onClear={() => form.setFieldValue('imageIds', [])}
              />
            </Card>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <PublishPanel
            form={form}
            subject={subject}
            setup={setup}
            states={publication.states}
            running={publication.running}
            hasErrors={hasErrors}
          />
        </Grid.Col>
      </Grid>
    </form>
  );
}

/**
 * The publication on each network: its state, the mutation with its toast, and the reset when the
 * draft changes (spec 4: a publication belongs to its message and images; changing either starts
 * again). `publish` sends to the ticked networks not done yet, side by side.
 */
function usePublication(subject: SocialSubject, setup: NetworkSetup | null, values: DraftValues) {
  const [states, setStates] = useState<Record<SocialNetwork, NetworkState>>(IDLE);
  const [, publishOnTwitter] = useMutation(PublishSkinOnTwitterMutation);
  const [, publishOnInstagram] = useMutation(PublishSkinOnInstagramMutation);

  const draftKey = JSON.stringify([values.message, values.imageIds]);
  const publishedDraft = useRef<string | null>(null);
  useEffect(() => {
    if (publishedDraft.current !== null && publishedDraft.current !== draftKey) {
      publishedDraft.current = null;
      setStates(IDLE);
    }
  }, [draftKey]);

  const running = SOCIAL_NETWORKS.some((network) => states[network].status === 'running');
  const blocked = subject.notPublic !== null;

  const publishOn = async (
    network: SocialNetwork,
    dto: { message: string; imageIds: string[]; authorId: string },
  ) => {
    const name = networkLabels[network];
    const toastId = `social-${network}-${Date.now()}`;
    notifications.show({
      id: toastId,
      loading: true,
      title: name,
      message: texts.publish.loading(name),
      autoClose: false,
      withCloseButton: false,
    });
    const result =
      network === 'TWITTER'
        ? await publishOnTwitter({ dto }, CHANGES_LISTS)
        : await publishOnInstagram({ dto }, CHANGES_LISTS);
    const answer: PublishAnswer | undefined =
      result.data && 'publishSkinOnTwitter' in result.data
        ? result.data.publishSkinOnTwitter
        : result.data && 'publishSkinOnInstagram' in result.data
          ? result.data.publishSkinOnInstagram
          : undefined;
    const next = networkStateOf(network, answer, result.error, setup);
    setStates((current) => ({ ...current, [network]: next }));
    notifications.update({
      id: toastId,
      loading: false,
      title: name,
      color: next.status === 'done' ? 'teal' : 'red',
      message:
        next.status === 'done'
          ? texts.publish.success(name, next.file !== null || setup?.[network].delivery === 'OUTBOX')
          : next.status === 'error'
            ? next.message
            : '',
      autoClose: TOAST_MS,
      withCloseButton: true,
    });
  };

  const publish = async (draft: DraftValues) => {
    if (running || blocked) return;
    const targets = draft.networks.filter((network) => states[network].status !== 'done');
    if (targets.length === 0) return;
    publishedDraft.current = draftKey;
    setStates((current) => ({
      ...current,
      ...Object.fromEntries(targets.map((network) => [network, { status: 'running' }])),
    }));
    const dto = { message: draft.message.trim(), imageIds: draft.imageIds, authorId: subject.author.id };
    await Promise.all(targets.map((network) => publishOn(network, dto)));
  };

  return { states, running, publish };
}

/** A network's state from the API's answer: done (with the post's link, file or id) or in error. */
function networkStateOf(
  network: SocialNetwork,
  answer: PublishAnswer | undefined,
  error: CombinedError | undefined,
  setup: NetworkSetup | null,
): NetworkState {
  const name = networkLabels[network];
  if (answer?.type === 'SUCCESS') {
    const data = answer.data ?? null;
    const link = data && /^https?:\/\//i.test(data) ? data : null;
    const file = !link && data && setup?.[network].delivery === 'OUTBOX' ? data : null;
    return { status: 'done', link, file, postId: !link && !file ? data : null };
  }
  if (answer) {
    // The API's message starts with spec 8's text and adds the network's reason.
    return { status: 'error', message: answer.message || texts.publish.failedToast(name) };
  }
  if (error) console.error(`publishSkinOn${name} failed`, error);
  const failure = error ? graphqlFailureOf(error) : null;
  const reason =
    failure && ['BAD_USER_INPUT', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'].includes(failure.code ?? '')
      ? failure.message
      : texts.publish.unreachable;
  return { status: 'error', message: `${texts.publish.failedToast(name)} ${reason}` };
}

/** The message: the text area with the strictest network's counter, and the quick inserts under it. */
function MessageCard({
  form,
  subject,
  running,
}: {
  form: DraftForm;
  subject: SocialSubject;
  running: boolean;
}) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const { values } = form;
  const limit = strictestLimit(values.networks, values.message);
  const over = limit.remaining < 0;

  const insert = (text: string) => {
    const element = textarea.current;
    const current = form.getValues().message;
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    const next = insertAt(current, start, end, text);
    form.setFieldValue('message', next.message);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  return (
    <Card withBorder padding="lg">
      <Textarea
        ref={textarea}
        label={texts.message.label}
        placeholder={texts.message.placeholder[subject.kind]}
        autosize
        minRows={4}
        maxRows={12}
        readOnly={running}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        description={
          <Group justify="space-between" gap={4} component="span" wrap="wrap" align="flex-start">
            <span className={classes.limitNote}>{texts.message.limitNote}</span>
            <Text
              component="span"
              size="xs"
              fw={700}
              c={over ? 'red' : limit.remaining <= 20 ? 'yellow' : undefined}
              className={classes.counter}
              data-testid="social-counter"
            >
              {texts.message.counter(limit)}
            </Text>
          </Group>
        }
        {...form.getInputProps('message')}
        error={form.errors.message}
      />
      <VisuallyHidden aria-live="polite">{over ? texts.message.overLimit : ''}</VisuallyHidden>
      <QuickInserts subject={subject} imageIds={values.imageIds} running={running} insert={insert} />
    </Card>
  );
}

/** The texts one click puts at the cursor: the skin's title, the author's handles, links, hashtags. */
function QuickInserts({
  subject,
  imageIds,
  running,
  insert,
}: {
  subject: SocialSubject;
  imageIds: readonly string[];
  running: boolean;
  insert: (text: string) => void;
}) {
  // The skin the title, link and game inserts are about: the skin, or the first chosen image's.
  const skinOfImage = (imageId: string | undefined) =>
    imageId === undefined
      ? undefined
      : subject.skins.find((skin) => skin.images.some((image) => image.id === imageId));
  const leadSkin = subject.kind === 'skin' ? subject.skins[0] : skinOfImage(imageIds[0]);
  const games =
    subject.kind === 'skin'
      ? subject.skins.map((skin) => skin.type)
      : imageIds.flatMap((id) => {
          const skin = skinOfImage(id);
          return skin ? [skin.type] : [];
        });
  const origin = window.location.origin;
  const skinLink = leadSkin ? skinPageLink(origin, leadSkin.url) : null;
  const hashtags = hashtagsFor(games);
  const handles = authorInserts(subject.author);

  return (
    <>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts="0.08em" mt="md" mb={6} id="quick-insert">
        {texts.message.quickInsert}
      </Text>
      <Group gap="xs" role="group" aria-labelledby="quick-insert">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconTypography size={14} aria-hidden />}
          disabled={!leadSkin || running}
          onClick={() => leadSkin && insert(leadSkin.title)}
          aria-label={leadSkin ? texts.message.insertTitleLabel(leadSkin.title) : undefined}
        >
          {texts.message.insertTitle}
        </Button>
        {handles.map((handle) => {
          const button = (
            <Button
              key={handle.text}
              size="xs"
              variant="light"
              color="magenta"
              leftSection={
                handle.network === 'TWITTER' ? (
                  <IconBrandX size={14} aria-hidden />
                ) : handle.network === 'INSTAGRAM' ? (
                  <IconBrandInstagram size={14} aria-hidden />
                ) : (
                  <IconUser size={14} aria-hidden />
                )
              }
              disabled={running}
              onClick={() => insert(handle.text)}
              aria-label={texts.message.insertHandleLabel(handle.text)}
            >
              {handle.text}
            </Button>
          );
          return handle.text === subject.author.username ? (
            <Tooltip key={handle.text} label={texts.message.usernameHint} multiline w={260}>
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconLink size={14} aria-hidden />}
          disabled={!skinLink || running}
          onClick={() => skinLink && insert(skinLink)}
          aria-label={skinLink ? texts.message.insertLinkLabel(skinLink) : undefined}
        >
          {texts.message.insertLink}
        </Button>
        {subject.kind === 'author' ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconLink size={14} aria-hidden />}
            disabled={running}
            onClick={() => insert(authorPageLink(origin, subject.author.url))}
            aria-label={texts.message.insertAuthorLinkLabel(authorPageLink(origin, subject.author.url))}
          >
            {texts.message.insertAuthorLink}
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconHash size={14} aria-hidden />}
          disabled={running}
          onClick={() => insert(hashtags)}
          aria-label={texts.message.insertHashtagsLabel(hashtags)}
        >
          {texts.message.insertHashtags}
        </Button>
      </Group>
      {subject.kind === 'author' ? (
        <Text size="xs" c="dimmed" mt={6}>
          {texts.message.authorSkinHint}
        </Text>
      ) : null}
    </>
  );
}

/** The panel beside the draft: the networks with their states, the preview, the notices, the button. */
function PublishPanel({
  form,
  subject,
  setup,
  states,
  running,
  hasErrors,
}: {
  form: DraftForm;
  subject: SocialSubject;
  setup: NetworkSetup | null;
  states: Record<SocialNetwork, NetworkState>;
  running: boolean;
  hasErrors: boolean;
}) {
  const { values } = form;
  const selected = values.networks;
  const allDone = selected.length > 0 && selected.every((network) => states[network].status === 'done');
  const someDone = selected.some((network) => states[network].status === 'done');
  const pending = selected.filter((network) => states[network].status !== 'done');
  const blocked = subject.notPublic !== null;

  return (
    <Card withBorder padding="lg" className={classes.publishPanel}>
      <Stack gap="md">
        <NetworkChoices form={form} setup={setup} states={states} running={running} />
        <PostPreview subject={subject} values={values} />
        {blocked ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} p="xs">
            <Text size="sm">{texts.publish.notPublic}</Text>
          </Alert>
        ) : null}
        {hasErrors ? (
          <Text size="sm" c="red" role="alert">
            {texts.publish.fixFirst}
          </Text>
        ) : null}
        {someDone && !allDone && !running && pending.length > 0 ? (
          <Text size="sm" c="dimmed">
            {texts.publish.retryOnly(pending.map((network) => networkLabels[network]).join(' and '))}
          </Text>
        ) : null}
        {allDone ? (
          <Text size="sm" c="dimmed">
            {texts.publish.changeToRepublish}
          </Text>
        ) : null}
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={running}
          disabled={allDone || blocked}
          leftSection={allDone ? <IconCheck size={18} aria-hidden /> : <IconSend size={18} aria-hidden />}
        >
          {allDone ? texts.publish.published : texts.publish.button}
        </Button>
      </Stack>
    </Card>
  );
}

/** The networks to publish on, each ticked or not, with its delivery hint and its state. */
function NetworkChoices({
  form,
  setup,
  states,
  running,
}: {
  form: DraftForm;
  setup: NetworkSetup | null;
  states: Record<SocialNetwork, NetworkState>;
  running: boolean;
}) {
  return (
    <Checkbox.Group
      label={texts.publish.networks}
      value={form.values.networks}
      onChange={(networks) => form.setFieldValue('networks', networks as SocialNetwork[])}
      error={form.errors.networks}
    >
      <Stack gap="sm" mt="xs">
        {SOCIAL_NETWORKS.map((network, index) => (
          <Box key={network} className={classes.networkRow} data-state={states[network].status}>
            <Checkbox
              value={network}
              disabled={running}
              label={
                <Group gap={6} component="span">
                  {network === 'TWITTER' ? (
                    <IconBrandX size={16} aria-hidden />
                  ) : (
                    <IconBrandInstagram size={16} aria-hidden />
                  )}
                  {networkLabels[network]}
                </Group>
              }
              description={
                setup
                  ? texts.publish.networkHint(
                      network,
                      setup[network].maxImages,
                      setup[network].delivery === 'OUTBOX',
                    )
                  : undefined
              }
              {...(index === 0 ? { 'data-path': 'networks' } : {})}
            />
            <div
              className={classes.networkStatus}
              data-testid={`social-status-${network}`}
              aria-live="polite"
            >
              <NetworkStatus network={network} state={states[network]} delivery={setup?.[network].delivery} />
            </div>
          </Box>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** The post as it will look: the first image (and how many more) with the message. */
function PostPreview({ subject, values }: { subject: SocialSubject; values: DraftValues }) {
  const leadImage = values.imageIds[0]
    ? subject.skins.flatMap((skin) => skin.images).find((image) => image.id === values.imageIds[0])
    : undefined;
  return (
    // On a phone the picker just above shows the same.
    <Box visibleFrom="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts="0.08em" mb={6}>
        {texts.publish.preview}
      </Text>
      {leadImage ? (
        <div className={classes.preview}>
          <div className={classes.previewImage}>
            <img src={leadImage.cardUrl ?? undefined} alt="" />
            {values.imageIds.length > 1 ? (
              <span className={classes.previewMore}>
                {texts.publish.previewMore(values.imageIds.length - 1)}
              </span>
            ) : null}
          </div>
          <Text
            size="sm"
            className={classes.previewText}
            lineClamp={5}
            c={values.message.trim() ? undefined : 'dimmed'}
          >
            {values.message.trim() || texts.publish.previewNoMessage}
          </Text>
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          {texts.publish.previewEmpty}
        </Text>
      )}
    </Box>
  );
}
