import { ListFilterBar } from '../../../shared/listing';
import type { SearchBox } from '../../../shared/listing';
import { SKIN_SORTS } from '../lib/skins-filters';
import type { GameFilter, SkinSort } from '../lib/skins-filters';
import { skinsMessages } from '../skins.messages';

const messages = skinsMessages.filters;
const sortOptions = SKIN_SORTS.map((sort) => ({ value: sort, label: messages.sorts[sort] }));

export interface SkinsFilterBarProps {
  search: SearchBox;
  sort: SkinSort;
  onSort: (sort: SkinSort) => void;
  game: GameFilter;
  onGame: (game: GameFilter) => void;
}

/** Search box, game filter and sort (spec 2.6), sticky above the grid. */
export function SkinsFilterBar({ search, sort, onSort, game, onGame }: SkinsFilterBarProps) {
  return (
    <ListFilterBar
      label={messages.label}
      search={search}
      searchLabel={messages.search}
      searchPlaceholder={messages.searchPlaceholder}
      game={{ value: game, onChange: onGame }}
      sort={{ value: sort, options: sortOptions, onChange: onSort }}
    />
  );
}
