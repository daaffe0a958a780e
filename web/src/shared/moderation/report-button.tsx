import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { DeferredTooltip } from '../ui/deferred-tooltip';
import { IconFlag, IconFlagFilled } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { useQuery } from 'urql';
import type { ModeratedItemType } from '../../../../domain/moderation/moderation.schemas';
import { formatDate } from '../format';
import { openAuthModal, useSession } from '../session';
import { MyReportQuery } from './moderation.documents';
import { moderationUiMessages as messages } from './moderation.messages';
import { REPORT_TYPENAMES } from './report-types';
import type { KnownReport } from './report-types';

// The dialog (Mantine's Modal, its scroll area and positioning code), then the form and its
// validation (zod), load when it is first opened, not with the page.
const ReportModal = lazy(() => import('./report-modal').then((module) => ({ default: module.ReportModal })));

export type ReportButtonProps = {
  itemType: ModeratedItemType;
  itemId: string;
  /** The id of who made the item or wrote the comment: nobody reports their own work. */
  authorId: string;
  /**
   * `item`: a text button for a skin's or bundle's page, which asks once whether the user reported
   * the item already. `comment`: a small icon button per comment, which asks only when its modal
   * opens (no query per comment).
   */
  variant?: 'item' | 'comment';
  /** The comment's writer, for the icon button's name. */
  writer?: string;
};

/** The item's report as the page knows it: asked for once on a skin's or bundle's page. */
function useMyReport(itemType: ModeratedItemType, itemId: string, ask: boolean) {
  const [{ data, error }] = useQuery({
    query: MyReportQuery,
    variables: useMemo(() => ({ itemType, itemId }), [itemType, itemId]),
    pause: !ask,
    context: useMemo(() => REPORT_TYPENAMES, []),
  });
  useEffect(() => {
    if (error) console.error('myReport failed', error);
  }, [error]);
  const found = data?.myReport;
  return useMemo<KnownReport | null>(
    () => (found ? { reason: found.reason, reportedAt: found.reportedAt } : null),
    [found],
  );
}

function SignedInReport({ itemType, itemId, variant = 'item', writer }: ReportButtonProps) {
  const [opened, setOpened] = useState(false);
  // The dialog mounts on first use and stays for its closing transition.
  const [everOpened, setEverOpened] = useState(false);
  const [reportedHere, setReportedHere] = useState<KnownReport | null>(null);
  const asked = useMyReport(itemType, itemId, variant === 'item');
  const known = reportedHere ?? asked;
  const noteId = useId();
  const reportedButton = useRef<HTMLButtonElement>(null);

  const onReported = useCallback((report: KnownReport, closeModal: boolean) => {
    setReportedHere((current) => (current?.reportedAt ? current : report));
    if (closeModal) setOpened(false);
  }, []);
  const open = (event: MouseEvent) => {
    // A reported item's button stays focusable (aria-disabled), so focus is not lost, but does nothing.
    if (known) {
      event.preventDefault();
      return;
    }
    setEverOpened(true);
    setOpened(true);
  };

  const modal = everOpened ? (
    <Suspense fallback={null}>
      <ReportModal
        opened={opened}
        onClose={() => setOpened(false)}
        itemType={itemType}
        itemId={itemId}
        checkFirst={variant === 'comment'}
        knownReport={known}
        onReported={onReported}
        // A comment's icon button gives way to "Reported": focus goes there, not to the page's top.
        onClosed={() => reportedButton.current?.focus()}
      />
    </Suspense>
  ) : null;

  if (variant === 'comment') {
    const name = writer ? messages.reportCommentBy(writer) : messages.reportItem(itemType);
    return (
      <>
        {known ? (
          <Button
            ref={reportedButton}
            variant="subtle"
            color="gray"
            size="compact-xs"
            leftSection={<IconFlagFilled size={12} aria-hidden />}
            data-disabled
            aria-disabled="true"
            onClick={open}
            aria-label={writer ? messages.reportedCommentBy(writer) : messages.reported}
          >
            {messages.reported}
          </Button>
        ) : (
          <DeferredTooltip label={messages.report} openDelay={300}>
            <ActionIcon variant="subtle" color="gray" size="md" aria-label={name} onClick={open}>
              <IconFlag size={16} aria-hidden />
            </ActionIcon>
          </DeferredTooltip>
        )}
        {modal}
      </>
    );
  }

  return (
    <>
      <Group gap={8} wrap="nowrap" justify="flex-end" miw={0}>
        {known ? (
          <Text id={noteId} size="xs" c="dimmed" ta="right">
            {known.reportedAt
              ? messages.reportedOn(formatDate(known.reportedAt))
              : messages.reportedHere(itemType)}
          </Text>
        ) : null}
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={known ? <IconFlagFilled size={14} aria-hidden /> : <IconFlag size={14} aria-hidden />}
          onClick={open}
          aria-label={known ? undefined : messages.reportItem(itemType)}
          aria-describedby={known ? noteId : undefined}
          {...(known ? { 'data-disabled': true, 'aria-disabled': true } : {})}
          style={{ flexShrink: 0 }}
        >
          {known ? messages.reported : messages.report}
        </Button>
      </Group>
      {modal}
    </>
  );
}

/**
 * "Report" (docs/moderation.md): anyone signed in reports a skin, bundle or comment they can see,
 * once; never their own work. Visitors see a Report button on skins and bundles that opens the
 * sign-in modal (none on comments); the author sees nothing. Once reported it reads "Reported".
 */
export function ReportButton(props: ReportButtonProps) {
  const { user } = useSession();
  if (!user) {
    if (props.variant === 'comment') return null;
    return (
      <Group justify="flex-end">
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconFlag size={14} aria-hidden />}
          aria-label={messages.signInToReport(props.itemType)}
          onClick={() => openAuthModal('login')}
        >
          {messages.report}
        </Button>
      </Group>
    );
  }
  if (String(user.id) === props.authorId) return null;
  return <SignedInReport key={`${props.itemType}-${props.itemId}`} {...props} />;
}
