import { CloseButton, Select, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsSort, IconDeviceGamepad2, IconSearch } from '@tabler/icons-react';
import { gameNames, PUBLIC_GAMES } from '../../../shared/skin-card';
import { ALL_GAMES, SKIN_SORTS } from '../lib/skins-filters';
import type { GameFilter, SkinSort } from '../lib/skins-filters';
import { skinsMessages } from '../skins.messages';
import classes from './skins-filter-bar.module.css';

const messages = skinsMessages.filters;

const sortOptions = SKIN_SORTS.map((sort) => ({ value: sort, label: messages.sorts[sort] }));
const gameOptions = [
  ...PUBLIC_GAMES.map((game) => ({ value: game, label: gameNames[game].name })),
  { value: ALL_GAMES, label: messages.allGames },
];

export interface SkinsFilterBarProps {
  searchInput: string;
  onSearchInput: (value: string) => void;
  onSearchSubmit: () => void;
  onSearchClear: () => void;
  sort: SkinSort;
  onSort: (sort: SkinSort) => void;
  game: GameFilter;
  onGame: (game: GameFilter) => void;
}

/** Search box, game filter and sort (spec 2.6), sticky above the grid. */
export function SkinsFilterBar({
  searchInput,
  onSearchInput,
  onSearchSubmit,
  onSearchClear,
  sort,
  onSort,
  game,
  onGame,
}: SkinsFilterBarProps) {
  // On a phone the selects drop their icons so that the game's name fits.
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <search className={classes.bar} aria-label={messages.label}>
      <div className={classes.row}>
        <TextInput
          className={classes.search}
          type="search"
          aria-label={messages.search}
          placeholder={messages.searchPlaceholder}
          value={searchInput}
          onChange={(event) => onSearchInput(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSearchSubmit();
            if (event.key === 'Escape' && searchInput !== '') onSearchClear();
          }}
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSection={
            searchInput ? <CloseButton aria-label={messages.clearSearch} onClick={onSearchClear} /> : null
          }
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
        />
        <Select
          aria-label={messages.game}
          data={gameOptions}
          value={game}
          onChange={(value) => value && onGame(value as GameFilter)}
          allowDeselect={false}
          leftSection={phone ? null : <IconDeviceGamepad2 size={18} aria-hidden />}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          aria-label={messages.sort}
          data={sortOptions}
          value={sort}
          onChange={(value) => value && onSort(value as SkinSort)}
          allowDeselect={false}
          leftSection={phone ? null : <IconArrowsSort size={18} aria-hidden />}
          comboboxProps={{ withinPortal: true }}
        />
      </div>
    </search>
  );
}
