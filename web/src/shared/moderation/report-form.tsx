import { Alert, Button, Group, Radio, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconFlagCheck } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  REPORT_OTHER_TEXT_MIN,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  reportInput,
  reportReasonLabels,
  type ModeratedItemType,
  type ReportReason,
} from '../../../../domain/moderation/moderation.schemas';
import { formatDate } from '../format';
import { useErrorsAfterSubmit } from '../forms';
import { graphqlFailureOf } from '../graphql/graphql-errors';
import { moderationUiMessages as messages } from './moderation.messages';
import { MyReportQuery, ReportItemMutation } from './moderation.documents';
import { REPORT_TYPENAMES } from './report-types';
import type { KnownReport } from './report-types';

export type ReportTarget = { itemType: ModeratedItemType; itemId: string };

type ReportValues = { reason: ReportReason | ''; text: string };

/**
 * The reasons offered per kind of item: a comment is no file and has no screenshots, so it gets the
 * ones that fit words (the API takes any reason of the list for any item).
 */
const REASONS_FOR: Record<ModeratedItemType, readonly ReportReason[]> = {
  SKIN: REPORT_REASONS,
  BUNDLE: REPORT_REASONS,
  COMMENT: ['SPAM', 'HARASSMENT', 'INAPPROPRIATE', 'OTHER'],
};

// The API's own rules (domain/moderation/moderation.schemas.ts): a reason from the list and, for
// "Something else", at least 10 characters of text; at most 500.
const validate = zod4Resolver(reportInput, { errorPriority: 'first' });

/** Plain characters as the counter shows them (code points: an emoji is one). */
const lengthOf = (text: string) => [...text.trim()].length;

function AlreadyReported({
  target,
  report,
  onClose,
}: {
  target: ReportTarget;
  report: KnownReport;
  onClose: () => void;
}) {
  return (
    <Stack gap="md">
      <Alert
        color="teal"
        variant="light"
        icon={<IconFlagCheck />}
        title={messages.form.alreadyTitle}
        // Said when the API has just refused a second report; a found report is the modal's content.
        role={report.reportedAt ? undefined : 'alert'}
      >
        {report.reportedAt
          ? messages.form.already(
              target.itemType,
              formatDate(report.reportedAt),
              reportReasonLabels[report.reason],
            )
          : messages.refusals.conflict(target.itemType)}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {messages.form.close}
        </Button>
      </Group>
    </Stack>
  );
}

function ReportFields({
  target,
  onReported,
  onCancel,
}: {
  target: ReportTarget;
  /** The report went in (`reportedAt` set) or the API said it already had one (CONFLICT). */
  onReported: (report: KnownReport, closeModal: boolean) => void;
  onCancel: () => void;
}) {
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [, reportItem] = useMutation(ReportItemMutation);
  const form = useForm<ReportValues>({
    initialValues: { reason: '', text: '' },
    validate,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);

  const send = async (values: ReportValues) => {
    if (sending) return;
    const input = reportInput.parse(values);
    setSending(true);
    setRefusal(null);
    const result = await reportItem(
      { itemType: target.itemType, itemId: target.itemId, reason: input.reason, text: input.text || null },
      REPORT_TYPENAMES,
    );
    setSending(false);
    if (result.data?.reportItem.success) {
      notifications.show({ color: 'teal', message: messages.sent });
      onReported({ reason: input.reason, reportedAt: new Date().toISOString() }, true);
      return;
    }
    const failure = result.error ? graphqlFailureOf(result.error) : null;
    console.error('reportItem failed', result.error);
    switch (failure?.code) {
      case 'CONFLICT':
        // The one report per user and item is in already: the modal says so, the page shows
        // "Reported" from now on.
        onReported({ reason: input.reason, reportedAt: null }, false);
        return;
      case 'TOO_MANY_REQUESTS':
        setRefusal(failure.message || messages.refusals.tooMany);
        return;
      case 'FORBIDDEN':
        setRefusal(messages.refusals.forbidden(target.itemType));
        return;
      case 'NOT_FOUND':
        setRefusal(messages.refusals.notFound(target.itemType));
        return;
      case 'UNAUTHENTICATED':
        // The server ended the session (a block, a new password, "sign out everywhere"): the
        // GraphQL client has signed out here and offers the sign-in (app/graphql-client.ts).
        onCancel();
        return;
      case 'BAD_USER_INPUT':
        if (failure.field === 'reason' || failure.field === 'text') {
          errors.setServerError(failure.field, failure.message);
          return;
        }
        setRefusal(failure.message);
        return;
      default:
        setRefusal(messages.refusals.failed);
    }
  };

  const used = lengthOf(form.values.text);
  const other = form.values.reason === 'OTHER';
  const counterId = `report-counter-${target.itemType}-${target.itemId}`;
  return (
    <form onSubmit={errors.onSubmit(send)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {messages.form.intro(target.itemType)}
        </Text>
        {refusal ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Radio.Group label={messages.form.reason} required {...form.getInputProps('reason')}>
          <Stack gap={10} mt={8}>
            {REASONS_FOR[target.itemType].map((reason, index) => (
              <Radio
                key={reason}
                value={reason}
                label={reportReasonLabels[reason]}
                data-autofocus={index === 0 ? true : undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
        <div>
          <Textarea
            label={messages.form.text}
            description={
              other ? messages.form.textRequired(REPORT_OTHER_TEXT_MIN) : messages.form.textOptional
            }
            placeholder={messages.form.textPlaceholder}
            required={other}
            autosize
            minRows={3}
            maxRows={8}
            aria-describedby={counterId}
            {...form.getInputProps('text')}
          />
          <Text
            id={counterId}
            size="xs"
            ta="right"
            mt={4}
            c={used > REPORT_TEXT_MAX ? 'red' : 'dimmed'}
            aria-label={messages.form.counterLabel(used, REPORT_TEXT_MAX)}
          >
            {messages.form.counter(used, REPORT_TEXT_MAX)}
          </Text>
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {messages.form.cancel}
          </Button>
          <Button type="submit" loading={sending}>
            {messages.form.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The report form of a modal: the reasons, the text, the API's answer. With `checkFirst` (a
 * comment, whose report the page did not ask for) it first asks whether the user reported it already.
 */
export function ReportForm({
  target,
  checkFirst,
  knownReport,
  onReported,
  onClose,
}: {
  target: ReportTarget;
  checkFirst: boolean;
  knownReport: KnownReport | null;
  onReported: (report: KnownReport, closeModal: boolean) => void;
  onClose: () => void;
}) {
  const variables = useMemo(() => ({ itemType: target.itemType, itemId: target.itemId }), [target]);
  const [{ data, fetching, error }] = useQuery({
    query: MyReportQuery,
    variables,
    pause: !checkFirst || knownReport !== null,
    requestPolicy: 'network-only',
    context: useMemo(() => REPORT_TYPENAMES, []),
  });
  const found = data?.myReport;
  useEffect(() => {
    if (error) console.error('myReport failed', error);
  }, [error]);
  useEffect(() => {
    if (found) onReported({ reason: found.reason, reportedAt: found.reportedAt }, false);
  }, [found, onReported]);

  const report = knownReport ?? (found ? { reason: found.reason, reportedAt: found.reportedAt } : null);
  if (report) {
    return <AlreadyReported target={target} report={report} onClose={onClose} />;
  }
  if (checkFirst && fetching && !data) {
    return (
      <Stack gap="sm" role="status" aria-label={messages.form.checking}>
        <Text size="sm" c="dimmed">
          {messages.form.checking}
        </Text>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} h={18} w={`${80 - index * 10}%`} aria-hidden />
        ))}
      </Stack>
    );
  }
  return <ReportFields target={target} onReported={onReported} onCancel={onClose} />;
}
