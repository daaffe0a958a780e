import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconBrandPaypal,
  IconBuildingBank,
  IconUpload,
  IconWebhook,
} from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from 'urql';
import {
  AVATAR_MAX_BYTES,
  BIO_MAX,
  updateMyUserSchema,
} from '../../../../../domain/accounts/account.schemas';
import { toSepaText } from '../../../../../domain/payouts/sepa-text';
import { useErrorsAfterSubmit, readFileAsDataUrl } from '../../../shared/forms';
import type { PayoutMethod } from '../../../shared/graphql/generated/graphql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { PageContainer } from '../../../shared/ui';
import { CountrySelect } from '../../../shared/ui/country-select';
import { accountMessages } from '../account.messages';
import { UserAvatar } from '../components/user-avatar';
import { useAuthorMenu } from '../../../shared/my-user/use-author-menu';
import { useMyUser } from '../../../shared/my-user/use-my-user';
import type { MyUser } from '../../../shared/my-user/use-my-user';
import { UpdateMyUserMutation } from '../../../shared/my-user/my-user.documents';
import classes from './settings-page.module.css';
import { SettingsNotificationMailsSection } from './settings-notification-mails';
import { SettingsSection } from './settings-section';
import { SettingsSecuritySection } from './settings-security';
import { SettingsApiTokensSection } from './settings-api-tokens';
import { SettingsYourDataSection } from './settings-your-data';
import { SettingsPayoutPreferencesSection } from './settings-payout-preferences';

const texts = accountMessages.settings;

type SettingsValues = {
  subscribedToNews: boolean;
  description: string;
  twitter: string;
  instagram: string;
  twitch: string;
  discord: string;
  facebook: string;
  website: string;
  payoutMethod: PayoutMethod | null;
  paypalAccount: string;
  fullname: string;
  street: string;
  city: string;
  country: string | null;
  bankAccountIban: string;
  bankAccountBic: string;
};

const SOCIAL_FIELDS = ['twitter', 'instagram', 'twitch', 'discord', 'facebook', 'website'] as const;
const FORM_FIELDS = new Set<string>([
  'subscribedToNews',
  'description',
  ...SOCIAL_FIELDS,
  'payoutMethod',
  'paypalAccount',
  'fullname',
  'street',
  'city',
  'country',
  'bankAccountIban',
  'bankAccountBic',
]);

interface PendingAvatar {
  filename: string;
  type: string;
  content: string;
}

function valuesOf(user: MyUser): SettingsValues {
  return {
    subscribedToNews: user.subscribedToNews,
    description: user.description ?? '',
    twitter: user.twitter ?? '',
    instagram: user.instagram ?? '',
    twitch: user.twitch ?? '',
    discord: user.discord ?? '',
    facebook: user.facebook ?? '',
    website: user.website ?? '',
    payoutMethod: user.payoutMethod,
    paypalAccount: user.paypalAccount ?? '',
    fullname: user.fullname ?? '',
    street: user.street ?? '',
    city: user.city ?? '',
    country: user.country,
    bankAccountIban: user.bankAccountIban ?? '',
    bankAccountBic: user.bankAccountBic ?? '',
  };
}

/**
 * What the form asks the server to change. Fields the user cannot see are left out, so they stay as
 * they are: the social fields without skins, and the other payout method's details.
 */
function changesOf(values: SettingsValues, withSocial: boolean): Record<string, unknown> {
  const changes: Record<string, unknown> = { subscribedToNews: values.subscribedToNews };
  if (withSocial) {
    for (const field of SOCIAL_FIELDS) changes[field] = values[field];
    changes.description = values.description;
  }
  if (values.payoutMethod === 'PAYPAL') {
    Object.assign(changes, {
      payoutMethod: values.payoutMethod,
      paypalAccount: values.paypalAccount,
      fullname: values.fullname,
    });
  }
  if (values.payoutMethod === 'BANK_TRANSFER') {
    Object.assign(changes, {
      payoutMethod: values.payoutMethod,
      fullname: values.fullname,
      street: values.street,
      city: values.city,
      country: values.country ?? '',
      bankAccountIban: values.bankAccountIban,
      bankAccountBic: values.bankAccountBic,
    });
  }
  return changes;
}

/** How a bank transfer will write a name or address, when that differs from what was typed. */
function sepaPreview(value: string): string | undefined {
  const typed = value.trim().replace(/\s+/g, ' ');
  const sent = toSepaText(typed);
  return typed !== '' && sent !== '' && sent !== typed ? texts.payout.sentAs(sent) : undefined;
}

function SettingsForm({ user, withSocial }: { user: MyUser; withSocial: boolean }) {
  const [{ fetching: saving }, updateMyUser] = useMutation(UpdateMyUserMutation);
  const [failed, setFailed] = useState(false);
  const [avatar, setAvatar] = useState<PendingAvatar | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const resetFileInput = useRef<() => void>(null);

  // Spec 5 and 9 through the shared rules: IBAN up to 34, BIC 8 to 11, a country for bank transfers.
  const validate = useMemo(() => {
    const resolve = zod4Resolver(updateMyUserSchema, { errorPriority: 'first' });
    return (values: SettingsValues) => resolve(changesOf(values, withSocial));
  }, [withSocial]);
  const form = useForm<SettingsValues>({
    initialValues: valuesOf(user),
    validate,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);

  const pickAvatar = async (file: File | null) => {
    resetFileInput.current?.();
    if (!file) return;
    setAvatarError(null);
    // Spec 5: image/jpeg of at most 500000 bytes (the server checks the bytes again).
    if (file.type !== 'image/jpeg') return setAvatarError(texts.avatar.notJpeg);
    if (file.size > AVATAR_MAX_BYTES) return setAvatarError(texts.avatar.tooLarge);
    try {
      setAvatar({ filename: file.name, type: file.type, content: await readFileAsDataUrl(file) });
    } catch (error) {
      console.warn('avatar could not be read', error);
      setAvatarError(texts.avatar.unreadable);
    }
  };

  const fail = () => {
    setFailed(true);
    notifications.show({ color: 'red', message: texts.failed });
  };

  const submit = async (values: SettingsValues) => {
    const parsed = updateMyUserSchema.safeParse({ ...changesOf(values, withSocial), avatar });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0];
      if (field === 'avatar') setAvatarError(issue?.message ?? texts.avatar.unreadable);
      else if (typeof field === 'string') errors.setServerError(field, issue?.message);
      return;
    }
    setFailed(false);
    const result = await updateMyUser({ dto: parsed.data });
    if (result.error || !result.data) {
      if (result.error) {
        const failure = graphqlFailureOf(result.error);
        console.error('updateMyUser failed', result.error);
        if (failure.code === 'BAD_USER_INPUT' && failure.field === 'avatar') setAvatarError(failure.message);
        else if (failure.code === 'BAD_USER_INPUT' && failure.field && FORM_FIELDS.has(failure.field))
          errors.setServerError(failure.field, failure.message);
      }
      fail();
      return;
    }
    form.setValues(valuesOf(result.data.updateMyUser));
    form.resetDirty(valuesOf(result.data.updateMyUser));
    setAvatar(null);
    notifications.show({ color: 'teal', message: texts.updated });
  };

  const avatarUrl = avatar?.content ?? user.avatar?.url;
  const payout = texts.payout;
  const social = texts.social;

  return (
    <form onSubmit={errors.onSubmit(submit)} noValidate>
      <Stack gap="lg">
        <SettingsSection title={texts.avatar.title}>
          <Group gap="lg" wrap="nowrap" align="center">
            <UserAvatar username={user.username} url={avatarUrl} size={112} radius={56} />
            <Stack gap={8} miw={0}>
              <Text size="sm" c="dimmed" id="avatar-hint">
                {texts.avatar.hint}
              </Text>
              <Group gap="sm">
                <FileButton
                  onChange={(file) => void pickAvatar(file)}
                  accept="image/jpeg"
                  resetRef={resetFileInput}
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      leftSection={<IconUpload size={16} aria-hidden />}
                      aria-describedby={avatarError ? 'avatar-hint avatar-error' : 'avatar-hint'}
                    >
                      {avatarUrl ? texts.avatar.change : texts.avatar.choose}
                    </Button>
                  )}
                </FileButton>
                {avatar ? (
                  <Button variant="subtle" color="gray" onClick={() => setAvatar(null)}>
                    {texts.avatar.undo}
                  </Button>
                ) : null}
              </Group>
              {avatar ? (
                <Text size="sm" role="status">
                  {texts.avatar.chosen(avatar.filename)}
                </Text>
              ) : null}
              {avatarError ? (
                <Text size="sm" c="red" id="avatar-error" role="alert">
                  {avatarError}
                </Text>
              ) : null}
            </Stack>
          </Group>
        </SettingsSection>

        <SettingsSection title={texts.news.title}>
          <Checkbox
            label={texts.news.label}
            {...form.getInputProps('subscribedToNews', { type: 'checkbox' })}
          />
        </SettingsSection>

        {withSocial ? (
          <SettingsSection title={social.title}>
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle />}>
              {social.warning}
            </Alert>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={social.twitter} {...form.getInputProps('twitter')} />
              <TextInput label={social.instagram} {...form.getInputProps('instagram')} />
              <TextInput label={social.twitch} {...form.getInputProps('twitch')} />
              <TextInput label={social.discord} {...form.getInputProps('discord')} />
              <TextInput label={social.facebook} {...form.getInputProps('facebook')} />
              <TextInput
                label={social.website}
                type="url"
                placeholder={social.websitePlaceholder}
                {...form.getInputProps('website')}
              />
            </SimpleGrid>
            <Textarea
              label={social.bio}
              description={social.bioCount(form.values.description.length, BIO_MAX)}
              autosize
              minRows={3}
              maxLength={BIO_MAX}
              {...form.getInputProps('description')}
            />
          </SettingsSection>
        ) : null}

        <SettingsSection title={payout.title} description={payout.intro}>
          <Radio.Group
            label={payout.method}
            {...form.getInputProps('payoutMethod')}
            value={form.values.payoutMethod}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="xs">
              <Radio.Card value="PAYPAL" className={classes.methodCard} radius="md">
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <Radio.Indicator mt={4} />
                  <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
                    <IconBrandPaypal size={20} />
                  </ThemeIcon>
                  <Stack gap={2}>
                    <Text fw={700}>{payout.paypal}</Text>
                    <Text size="sm" c="dimmed">
                      {payout.paypalText}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
              <Radio.Card value="BANK_TRANSFER" className={classes.methodCard} radius="md">
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <Radio.Indicator mt={4} />
                  <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
                    <IconBuildingBank size={20} />
                  </ThemeIcon>
                  <Stack gap={2}>
                    <Text fw={700}>{payout.bank}</Text>
                    <Text size="sm" c="dimmed">
                      {payout.bankText}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            </SimpleGrid>
          </Radio.Group>

          {form.values.payoutMethod === 'PAYPAL' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={payout.paypalAccount}
                type="email"
                autoComplete="email"
                required
                {...form.getInputProps('paypalAccount')}
              />
              <TextInput
                label={payout.fullname}
                autoComplete="name"
                required
                {...form.getInputProps('fullname')}
              />
            </SimpleGrid>
          ) : null}

          {form.values.payoutMethod === 'BANK_TRANSFER' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={payout.fullname}
                description={sepaPreview(form.values.fullname)}
                autoComplete="name"
                required
                {...form.getInputProps('fullname')}
              />
              <TextInput
                label={payout.street}
                description={sepaPreview(form.values.street)}
                autoComplete="street-address"
                required
                {...form.getInputProps('street')}
              />
              <TextInput
                label={payout.city}
                description={sepaPreview(form.values.city)}
                autoComplete="address-level2"
                required
                {...form.getInputProps('city')}
              />
              <CountrySelect
                label={payout.country}
                autoComplete="off"
                required
                {...form.getInputProps('country')}
              />
              <TextInput
                label={payout.iban}
                autoComplete="off"
                spellCheck={false}
                required
                classNames={{ input: classes.code }}
                {...form.getInputProps('bankAccountIban')}
              />
              <TextInput
                label={payout.bic}
                description={payout.bicHint}
                autoComplete="off"
                spellCheck={false}
                required
                classNames={{ input: classes.code }}
                {...form.getInputProps('bankAccountBic')}
              />
            </SimpleGrid>
          ) : null}
        </SettingsSection>

        {failed ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {texts.failedDetail}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={saving}>
            {texts.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /me/settings: email verification and "sign out everywhere", notification mails, avatar, news subscription, social
 * fields for authors, payout details (spec 2.11).
 */
export function SettingsPage() {
  const { myUser, fetching, failed } = useMyUser();
  const { hasSkins } = useAuthorMenu();

  return (
    <PageContainer title={texts.title} description={hasSkins ? texts.descriptionAuthor : texts.description}>
      {myUser ? (
        <Stack gap="lg">
          <SettingsSecuritySection />
          <SettingsNotificationMailsSection />
          <SettingsSection
            title={texts.webhooks.title}
            description={texts.webhooks.description}
            id="webhooks"
          >
            <div>
              <Button
                component={Link}
                to="/me/settings/webhooks"
                variant="light"
                leftSection={<IconWebhook size={16} />}
              >
                {texts.webhooks.open}
              </Button>
            </div>
          </SettingsSection>
          <SettingsApiTokensSection />
          <SettingsForm key={myUser.id} user={myUser} withSocial={hasSkins} />
          {hasSkins ? <SettingsPayoutPreferencesSection /> : null}
          <SettingsYourDataSection />
        </Stack>
      ) : failed && !fetching ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {texts.loadFailed}
        </Alert>
      ) : (
        <Stack gap="lg" aria-busy="true" role="status" aria-label={texts.loading}>
          {[120, 80, 220].map((height) => (
            <Skeleton key={height} h={height} radius="md" />
          ))}
        </Stack>
      )}
    </PageContainer>
  );
}
