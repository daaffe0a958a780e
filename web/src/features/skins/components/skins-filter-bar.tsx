import { ListFilterBar } from '../../../shared/listing';
import type { SearchBox } from '../../../shared/listing';
import { SKIN_SORTS } from '../lib/skins-filters';
import type { GameFilter, SkinSort } from '../lib/skins-filters';
import { skinsMessages } from '../skins.messages';
import { SkinsPriceFilter } from './skins-price-filter';
import type { SkinsPriceFilterProps } from './skins-price-filter';

const messages = skinsMessages.filters;
const sortOptions = (withRelevance: boolean) =>
  SKIN_SORTS.filter((sort) => withRelevance || sort !== 'relevance').map((sort) => ({
    value: sort,
    label: messages.sorts[sort],
  }));

export interface SkinsFilterBarProps {
  search: SearchBox;
  /** The search applied: 'Best match' is offered only with one. */
  appliedSearch: string;
  sort: SkinSort;
  onSort: (sort: SkinSort) => void;
  game: GameFilter;
  onGame: (game: GameFilter) => void;
  price: SkinsPriceFilterProps;
}

/** Search box, game filter and sort, and the price filter below, sticky above the grid. */
export function SkinsFilterBar({
  search,
  appliedSearch,
  sort,
  onSort,
  game,
  onGame,
  price,
}: SkinsFilterBarProps) {
  return (
    <ListFilterBar
      label={messages.label}
      search={search}
      searchLabel={messages.search}
      searchPlaceholder={messages.searchPlaceholder}
      game={{ value: game, onChange: onGame }}
      sort={{ value: sort, options: sortOptions(appliedSearch !== ''), onChange: onSort }}
    >
      <SkinsPriceFilter {...price} />
    </ListFilterBar>
  );
}
