import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { useQuery } from 'urql';
import { ListLoadError } from '../listing/list-load-error';
import { SkinCardGrid } from '../skin-card/skin-card-grid';
import { EmptyState } from '../ui/empty-state';
import { BundleContentsQuery } from './bundle-card.fragment';
import { bundleCardMessages as messages } from './bundle-card.messages';

export interface BundleContentsModalProps {
  bundle: { url: string; title: string; skins?: readonly unknown[] };
  opened: boolean;
  onClose: () => void;
  /** Called once the modal has closed (focus goes back to what opened it). */
  onExited?: () => void;
}

function BundleContents({ url, expected }: { url: string; expected: number }) {
  const [{ data, fetching, error }, refetch] = useQuery({ query: BundleContentsQuery, variables: { url } });
  useEffect(() => {
    if (error) console.error('The contents of the bundle could not be loaded', error);
  }, [error]);
  if (error && !fetching) {
    return (
      <ListLoadError
        message={messages.contentsLoadFailed}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  }
  const skins = data?.bundle?.skins;
  if (data && (!skins || skins.length === 0)) return <EmptyState message={messages.contentsEmpty} />;
  return (
    <SkinCardGrid
      skins={skins}
      loading={!skins}
      skeletonCount={Math.max(1, Math.min(expected, 6))}
      cols={{ base: 1, sm: 2, md: 3 }}
      headingOrder={3}
    />
  );
}

/** 'Contents of Bundle - {title}' (spec 4): the bundle's skins as skin cards in 3 columns. */
export function BundleContentsModal({ bundle, opened, onClose, onExited }: BundleContentsModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExited}
      title={messages.modalTitle(bundle.title)}
      size="72rem"
      fullScreen={phone}
      padding="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <BundleContents url={bundle.url} expected={bundle.skins?.length ?? 3} />
    </Modal>
  );
}
