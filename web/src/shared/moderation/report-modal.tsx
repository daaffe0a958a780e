import { Center, Loader, Modal } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import type { ModeratedItemType } from '../../../../domain/moderation/moderation.schemas';
import { moderationUiMessages as messages } from './moderation.messages';
import type { KnownReport } from './report-types';

// The form and its validation (zod) load when the dialog first opens.
const ReportForm = lazy(() => import('./report-form').then((module) => ({ default: module.ReportForm })));

/** The report dialog; its code (Mantine's Modal and what it brings) loads when first opened. */
export function ReportModal({
  opened,
  onClose,
  itemType,
  itemId,
  checkFirst,
  knownReport,
  onReported,
  onClosed,
}: {
  opened: boolean;
  onClose: () => void;
  /** After the closing transition (focus can move to what replaced the button). */
  onClosed?: () => void;
  itemType: ModeratedItemType;
  itemId: string;
  checkFirst: boolean;
  knownReport: KnownReport | null;
  onReported: (report: KnownReport, closeModal: boolean) => void;
}) {
  const target = useMemo(() => ({ itemType, itemId }), [itemType, itemId]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={messages.form.title(itemType)}
      centered
      radius="md"
      size="md"
      closeButtonProps={{ 'aria-label': messages.form.close }}
      onExitTransitionEnd={onClosed}
      styles={{
        title: { fontFamily: 'var(--mantine-font-family-headings)', fontWeight: 700, fontSize: '1.4rem' },
      }}
    >
      {opened ? (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          }
        >
          <ReportForm
            target={target}
            checkFirst={checkFirst}
            knownReport={knownReport}
            onReported={onReported}
            onClose={onClose}
          />
        </Suspense>
      ) : null}
    </Modal>
  );
}
