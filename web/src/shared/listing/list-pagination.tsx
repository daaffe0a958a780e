import { Center, Pagination } from '@mantine/core';
import { listingMessages as messages } from './listing.messages';

export interface ListPaginationProps {
  /** The navigation landmark's name, e.g. 'Pages of bundles'. */
  label: string;
  total: number;
  /** 1-based. */
  value: number;
  onChange: (page: number) => void;
}

/** Pages below a list; nothing when everything fits on one page. */
export function ListPagination({ label, total, value, onChange }: ListPaginationProps) {
  if (total <= 1) return null;
  return (
    <Center component="nav" mt={48} aria-label={label}>
      <Pagination
        total={total}
        value={Math.min(value, total)}
        onChange={onChange}
        withEdges
        siblings={1}
        getItemProps={(item) => ({ 'aria-label': messages.pageLabel(item) })}
        getControlProps={(control) => ({ 'aria-label': messages.pageControls[control] })}
      />
    </Center>
  );
}
